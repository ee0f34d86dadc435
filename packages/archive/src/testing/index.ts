// `@coup/archive/testing`: builders of archive games for tests (this package's and the API's).
export * from './game-builder';
export * from './random-game';
export { playBotMatches } from './bot-games';
export { writeArchiveFile } from './files';
export type { ArchiveFileOptions } from './files';
export * from './treason-sample';
export * from './hands';
export * from './scripted-match';
export { botDataset } from './bot-dataset';
export type { BotDatasetOptions } from './bot-dataset';
export { playPeopleMatches, compareWithBaseline, formatNearness, MIX_ACTIONS } from './people-matches';
export type { PeopleFigures, PeopleMatchOptions, Nearness } from './people-matches';
