export * from './names';
export * from './messages';
export * from './transports';
export * from './env';
export * from './ws-bridge';
export * from './runtime';
export * from './channel-hub';
export * from './presence';
