// `@coup/archive/testing`: builders of archive games for tests (this package's and the API's).
export * from './game-builder';
export * from './random-game';
