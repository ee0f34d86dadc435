import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/client.ts';

export type CreatePrismaOptions = {
  /** Pool size (pg default 10). Workers running many matches may want more. */
  max?: number;
};

/** The node-postgres pool under each client createPrisma made (prepared.ts runs hot statements on it). */
const POOLS = new WeakMap<object, pg.Pool>();

/**
 * A Prisma 7 client over node-postgres (`@prisma/adapter-pg`): no query-engine binary, so it works offline.
 * Call `$disconnect()` when done, or the pool keeps the process alive (it ends the pool too).
 */
export function createPrisma(databaseUrl: string, options: CreatePrismaOptions = {}): PrismaClient {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    options: CONNECTION_OPTIONS,
    ...(options.max ? { max: options.max } : {}),
  });
  // A connection that dies while idle (Postgres restarted, the database dropped) is removed by the pool and
  // reported here; the next query opens another. Without a listener the event would end the process.
  pool.on('error', () => undefined);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  POOLS.set(prisma, pool);
  return prisma;
}

/**
 * The connection's startup options: `-c jit=off`. The platform's statements are short and most end at a LIMIT,
 * but Postgres decides on JIT compilation from the plan's cost estimate, and estimates run far past the
 * threshold (jit_above_cost, 100,000) wherever statistics are missing or a function's rows are guessed: on
 * tables not yet analyzed (after a bulk load, or on a server with autovacuum off) the match list's page of 21
 * was costed at ~150,000 and each read spent 5-25 ms compiling (issue 23). A URL's own `?options=` replaces
 * these (node-postgres lets the connection string win): behind a pooler that refuses startup options
 * (PgBouncer without `ignore_startup_parameters = options`), put `options=` in the URL and set `jit = off` on
 * the database instead.
 */
const CONNECTION_OPTIONS = '-c jit=off';

/** The pool under a client made by createPrisma; undefined for anything else (a transaction's client). */
export function poolOf(db: object): pg.Pool | undefined {
  return POOLS.get(db);
}
