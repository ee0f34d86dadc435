import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { migrationsDir as defaultMigrationsDir } from '../paths.ts';

// Applies prisma/migrations the way `prisma migrate deploy` does, without a schema engine. Spawning the Prisma 6
// CLI in JS-engine mode also works but takes ~12 s per call here (most of it waiting for its pools to idle
// out), which is too slow for every test file and every start. The bookkeeping is Prisma's own
// `_prisma_migrations` table (same DDL, sha256 checksums of migration.sql, same advisory lock key), so
// `prisma migrate status|deploy|dev` agree with what this applied and the two serialise with each other.

/** The key Prisma's schema engine locks with (pg_advisory_lock(72707369)). */
const PRISMA_LOCK_KEY = 72707369;

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL,
  "checksum" VARCHAR(64) NOT NULL,
  "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL,
  "logs" TEXT,
  "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
  "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

export type MigrateOptions = {
  /** Defaults to <repo>/prisma/migrations. */
  migrationsDir?: string;
  /** Progress lines (which migration is applied) and warnings; silent by default. */
  log?: (line: string) => void;
  /**
   * `each` (default): a line per migration applied, as a deploy prints it; `summary`: one line for all of
   * them, as a start prints it (a new database would otherwise open a newcomer's terminal with a line per
   * migration the project ever had).
   */
  progress?: 'each' | 'summary';
  /** How long to wait for another process that is migrating the same database. Default 60 s. */
  lockTimeoutMs?: number;
};

export type MigrateResult = { applied: string[]; durationMs: number };

type MigrationFile = { name: string; sql: string; checksum: string };
type AppliedRow = { migration_name: string; checksum: string; finished_at: Date | null };

/** The migration folders in order (their names start with a UTC timestamp, so name order is apply order). */
export function readMigrations(dir = defaultMigrationsDir): MigrationFile[] {
  return readdirSync(dir)
    .filter((name) => statSync(path.join(dir, name)).isDirectory())
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/**
 * Applies pending migrations to the database at `databaseUrl`, creating the database if it does not exist.
 * Safe to call from several processes at once: the work happens under Prisma's advisory lock and whoever
 * comes second finds nothing left to do.
 */
export async function migrate(databaseUrl: string, options: MigrateOptions = {}): Promise<MigrateResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  const migrations = readMigrations(options.migrationsDir);
  const client = await connectCreatingDatabase(databaseUrl);
  const applied: string[] = [];
  try {
    const lockTimeoutMs = Math.max(1, options.lockTimeoutMs ?? 60_000);
    await client.query(`SET lock_timeout = ${lockTimeoutMs}`);
    await client.query('SELECT pg_advisory_lock($1)', [PRISMA_LOCK_KEY]).catch((err: unknown) => {
      if ((err as { code?: string }).code !== '55P03') throw err; // 55P03: lock_not_available
      throw new Error(`another process has been migrating this database for over ${lockTimeoutMs} ms`, {
        cause: err,
      });
    });
    await client.query('SET lock_timeout = 0');
    try {
      await client.query(CREATE_TABLE);
      const rows = await client.query<AppliedRow>(
        'SELECT migration_name, checksum, finished_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL',
      );
      const done = new Map(rows.rows.map((r) => [r.migration_name, r]));
      for (const m of migrations) {
        const row = done.get(m.name);
        if (row && !row.finished_at) {
          throw new Error(
            `migration ${m.name} failed earlier and is not resolved; fix the database, then run ` +
              `\`npx prisma6 migrate resolve --rolled-back ${m.name}\` (or --applied) with prisma/prisma6.config.ts`,
          );
        }
        if (row) {
          if (row.checksum !== m.checksum)
            log(`warning: migration ${m.name} was edited after it was applied`);
          continue;
        }
        if (options.progress !== 'summary') log(`applying migration ${m.name}`);
        await applyOne(client, m);
        applied.push(m.name);
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_LOCK_KEY]);
    }
  } finally {
    await client.end();
  }
  const durationMs = Math.round(performance.now() - started);
  if (options.progress === 'summary' && applied.length > 0) {
    const names = applied.length === 1 ? applied[0] : `${applied[0]} ... ${applied[applied.length - 1]}`;
    log(
      `applied ${applied.length} migration${applied.length === 1 ? '' : 's'} (${names}) in ${durationMs} ms`,
    );
  }
  return { applied, durationMs };
}

async function applyOne(client: pg.Client, m: MigrationFile): Promise<void> {
  const id = randomUUID();
  await client.query(
    'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at) VALUES ($1, $2, $3, now())',
    [id, m.checksum, m.name],
  );
  try {
    // One simple-protocol query: Postgres runs a multi-statement string as one implicit transaction, so a
    // failing migration leaves nothing half-applied (as with Prisma, unless the script has its own BEGIN/COMMIT).
    await client.query(m.sql);
  } catch (err) {
    // Nothing was applied, so record it as failed *and* rolled back: Prisma then treats it as pending, and a
    // fixed migration.sql is retried on the next start instead of needing `migrate resolve`.
    const message = err instanceof Error ? err.message : String(err);
    await client.query('UPDATE "_prisma_migrations" SET logs = $2, rolled_back_at = now() WHERE id = $1', [
      id,
      message,
    ]);
    throw new Error(`migration ${m.name} failed: ${message}`, { cause: err });
  }
  await client.query(
    'UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = 1 WHERE id = $1',
    [id],
  );
}

/** Connects to the database, creating it first when it does not exist (as `prisma migrate deploy` does). */
async function connectCreatingDatabase(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  try {
    await client.connect();
    return client;
  } catch (err) {
    await client.end().catch(() => {});
    if ((err as { code?: string }).code !== '3D000') throw err; // 3D000: database does not exist
  }
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
  } catch (err) {
    // 42P04 (or 23505 when both commands run at once): a concurrent caller created it
    if (!['42P04', '23505'].includes((err as { code?: string }).code ?? '')) throw err;
  } finally {
    await admin.end();
  }
  const created = new pg.Client({ connectionString: databaseUrl });
  await created.connect();
  return created;
}
