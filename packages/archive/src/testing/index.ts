// `@coup/archive/testing`: builders of archive games for tests (this package's and the API's).
export * from './game-builder';
export * from './random-game';
export { playBotMatches } from './bot-games';
export { writeArchiveFile } from './files';
export type { ArchiveFileOptions } from './files';
export * from './treason-sample';
export * from './hands';
export * from './scripted-match';
