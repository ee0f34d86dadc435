// `@coup/archive/people`: the `people` model (@coup/bots) fitted on human games, and the games to fit it on.
export { PeopleFitter, fitPeopleModel } from './fit';
export type { PeopleFitOptions } from './fit';
export { countGame } from './decisions';
export type { UnknownBlock } from './decisions';
export { readFileGames, readDatasetGames, DatasetError } from './sources';
export type { GamesRead, StoredDataset } from './sources';
