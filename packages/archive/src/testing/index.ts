export { playBotMatches } from './bot-games';
export { writeArchiveFile } from './files';
export type { ArchiveFileOptions } from './files';
