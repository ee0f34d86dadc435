export * from './format';
export * from './codes';
export * from './pack';
export * from './unpack';
export * from './grammar';
export * from './rules';
export * from './check';
export { isAlive, nextAlive } from './turn-check';
export * from './synthetic';
