// @coup/devstack: the local stack, for development and tests only (a production image needs none of it).
// An embedded PostgreSQL from npm, a Redis launcher, free ports, private Postgres/Redis servers a test may
// stop and kill, the offline migration CLI (src/migrate/cli.ts, run by the root `db:*` scripts), and the
// benchmarks' child processes (started with tsx, their CPU read from /proc).
export { startEmbeddedPostgres, embeddedPostgresAvailable } from './embedded-postgres.ts';
export type { EmbeddedPostgresOptions, RunningPostgres } from './embedded-postgres.ts';
export { ensureRedis, pingRedis, startRedisServer, REDIS_INSTALL_HINT } from './redis.ts';
export type { RedisHandle } from './redis.ts';
export { freePort } from './ports.ts';
export { startPrivatePostgres, startPrivateRedis } from './private-servers.ts';
export type { PrivatePostgres, PrivateRedis } from './private-servers.ts';
export { cpuSeconds, startTsxProcess } from './child-process.ts';
export type { StartedProcess, StartOptions } from './child-process.ts';
