import pg from 'pg';
import { createPrisma } from './client.ts';
import type { PrismaClient } from './generated/client.ts';
import { randomBase62 } from './ids.ts';
import { migrate } from './migrate/apply.ts';

// Test support (`@coup/db/testing`): every call gets its own database on the machine's Postgres, so test
// files running in parallel, CI and a developer's own data never meet.

export const DEFAULT_TEST_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';

export type TestDatabase = {
  /** Connection URL of the new, migrated database. */
  url: string;
  name: string;
  prisma: PrismaClient;
  /** Disconnects the client and drops the database (WITH (FORCE): other connections are cut). */
  drop(): Promise<void>;
};

/** The server's admin URL: TEST_DATABASE_URL, else the local Postgres as user postgres. */
export function testServerUrl(): string {
  return process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL;
}

/** Runs `fn` with a client connected to the server's maintenance database. */
async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>, serverUrl = testServerUrl()): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates `coup_test_<time>_<random>` (unless `migrate: false`, with migrations applied) and a client on it,
 * on the test server, or on `serverUrl` (a private Postgres: @coup/devstack startPrivatePostgres).
 */
export async function createTestDatabase(
  options: { migrate?: boolean; serverUrl?: string } = {},
): Promise<TestDatabase> {
  const server = options.serverUrl ?? testServerUrl();
  // Time first so leftovers of killed runs are easy to spot and sort; random so parallel runs never collide.
  const name = `coup_test_${Date.now().toString(36)}_${randomBase62(8).toLowerCase()}`;
  await withAdmin((c) => c.query(`CREATE DATABASE ${c.escapeIdentifier(name)}`), server);
  const url = new URL(server);
  url.pathname = `/${name}`;
  try {
    if (options.migrate !== false) await migrate(url.toString());
  } catch (err) {
    await dropDatabase(name, server);
    throw err;
  }
  const prisma = createPrisma(url.toString());
  let dropped = false;
  return {
    url: url.toString(),
    name,
    prisma,
    drop: async () => {
      if (dropped) return;
      dropped = true;
      await prisma.$disconnect();
      await dropDatabase(name, server);
    },
  };
}

/** Drops a test database by name, even while others are connected to it. */
export async function dropDatabase(name: string, serverUrl = testServerUrl()): Promise<void> {
  await withAdmin(
    (c) => c.query(`DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`),
    serverUrl,
  );
}

/** The rows of Prisma's migration table, in the order the migrations were started. */
export async function appliedMigrations(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query(
      'SELECT migration_name, checksum, finished_at, rolled_back_at, logs FROM "_prisma_migrations" ORDER BY started_at',
    );
    return r.rows as {
      migration_name: string;
      checksum: string;
      finished_at: Date | null;
      rolled_back_at: Date | null;
      logs: string | null;
    }[];
  } finally {
    await client.end();
  }
}

export { seedAccount, seedAgent } from './testing-rows.ts';

/** The tables a stored match writes to (the storage benches report their bytes per match). */
export const MATCH_TABLES = [
  'matches',
  'match_seats',
  'replays',
  'agent_stats',
  'agent_stats_pending',
  'house_records',
  'house_records_pending',
  'matches_active',
  'matches_unrated',
  'matches_aborted',
  'matches_rated',
] as const;
