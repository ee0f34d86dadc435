// Test support for the engine and for packages that drive it (runner, bots): `@coup/engine/testing`.
// `arbitraries` needs fast-check (a dev dependency): import this entry from tests only.
export * from './arbitraries';
export * from './helpers';
export * from './scenarios';
export * from './inquisitor-scenarios';
export * from './hidden-twin';
