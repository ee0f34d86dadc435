export * from './format';
export * from './codes';
export * from './pack';
export * from './unpack';
export * from './baselines-schema';
export * from './baselines';
export * from './timeline';
