// `@coup/api/testing`: the API's test harness and checks, for the API's own tests and for the composition
// root's (apps/start), which passes its own `start` to run the web UI and a worker along.
export * from './harness';
export * from './hidden';
export * from './datasets';
