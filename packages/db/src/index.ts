// @coup/db: runtime data access. The Prisma client, migrations applied at start (`migrate`), the few writes
// that must happen exactly once, and the ids and secrets stored in its rows. Test databases live in
// `@coup/db/testing`; the local stack (embedded Postgres, a Redis launcher, the migration CLI) in @coup/devstack.
export * from './generated/client.ts';
export { createPrisma } from './client.ts';
export type { CreatePrismaOptions } from './client.ts';
export { preparedRows } from './prepared.ts';
export { migrate, readMigrations } from './migrate/apply.ts';
export type { MigrateOptions, MigrateResult } from './migrate/apply.ts';
export { claimMatch, abortMatch, queuedBefore, storeMatchResult } from './matches.ts';
export {
  insertMatch,
  insertMatches,
  newMatchSeed,
  MATCH_SEED_BYTES,
  HumanSeatNotRankedError,
  RankedAgentTwiceError,
} from './match-insert.ts';
export { agentStatsOf, agentStatsSql, foldStats } from './agent-stats.ts';
export { packReplay, packReplayAsync, packReplayJson, packedFormat, unpackReplay } from './replay-pack.ts';
export type { ReplayCodec } from './replay-pack.ts';
export { localDatabaseUrlFile, readLocalDatabaseUrl, writeLocalDatabaseUrl } from './local-database-url.ts';
export type { ClaimedMatch, MatchResult, StoreResult } from './matches.ts';
export type { NewMatch } from './match-insert.ts';
export { hashSecret, encryptSecret, decryptSecret, newApiKey, newAgentSecret, keyPrefix } from './crypto.ts';
export { secretKey } from './secret-key.ts';
export { newId, randomBase62, ID_PREFIX } from './ids.ts';
export { dataDir, migrationsDir, prismaDir, repoRoot, schemaPath } from './paths.ts';
