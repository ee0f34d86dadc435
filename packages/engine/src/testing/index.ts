// Test support for the engine and for packages that drive it (runner, bots): `@coup/engine/testing`.
export * from './helpers';
export * from './scenarios';
