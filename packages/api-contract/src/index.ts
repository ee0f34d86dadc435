// @coup/api-contract: the platform's REST contract. The zod schemas of every request and response the API
// validates (and generates openapi.yaml from), shared by the API that serves them and the clients that call
// it (apps/web, apps/cli). The inferred TypeScript types are `@coup/api-contract/types`.
export * from './common';
export * from './edge-errors';
export * from './health';
export * from './accounts';
export * from './agents';
export * from './matches';
export * from './ladder';
export * from './events';
export * from './tables';
export * from './models';
export * from './experiments';
export * from './datasets';
export * from './routes';
