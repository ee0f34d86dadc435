export * from './format';
export * from './codes';
export * from './pack';
export * from './unpack';
