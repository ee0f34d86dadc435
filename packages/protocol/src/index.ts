export * from './version';
export * from './game';
export * from './messages';
export * from './websocket';
export * from './wire';
export * from './signature';
