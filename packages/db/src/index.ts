// @coup/db: the Prisma client, migrations, local services and the few writes that must be exactly once.
// Test helpers live in `@coup/db/testing`.
export * from './generated/client.ts';
export { createPrisma } from './client.ts';
export type { CreatePrismaOptions } from './client.ts';
export { migrate, readMigrations } from './migrate/apply.ts';
export type { MigrateOptions, MigrateResult } from './migrate/apply.ts';
export { claimMatch, abortMatch, storeMatchResult } from './matches.ts';
export type { ClaimedMatch, MatchResult, StoreResult } from './matches.ts';
export { hashSecret, encryptSecret, decryptSecret, newApiKey, newAgentSecret, keyPrefix } from './crypto.ts';
export { secretKey } from './secret-key.ts';
export { newId, randomBase62, ID_PREFIX } from './ids.ts';
export { startEmbeddedPostgres, embeddedPostgresAvailable } from './embedded-postgres.ts';
export type { EmbeddedPostgresOptions, RunningPostgres } from './embedded-postgres.ts';
export { ensureRedis, pingRedis, REDIS_INSTALL_HINT } from './redis.ts';
export type { RedisHandle } from './redis.ts';
export { freePort } from './ports.ts';
export { dataDir, repoRoot } from './paths.ts';
