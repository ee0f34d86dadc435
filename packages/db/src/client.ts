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
    ...(options.max ? { max: options.max } : {}),
  });
  // A connection that dies while idle (Postgres restarted, the database dropped) is removed by the pool and
  // reported here; the next query opens another. Without a listener the event would end the process.
  pool.on('error', () => undefined);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  POOLS.set(prisma, pool);
  return prisma;
}

/** The pool under a client made by createPrisma; undefined for anything else (a transaction's client). */
export function poolOf(db: object): pg.Pool | undefined {
  return POOLS.get(db);
}
