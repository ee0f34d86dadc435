import type { Prisma, PrismaClient } from './generated/client.ts';
import { poolOf } from './client.ts';

// The statements every match runs (insert, claim, store) as named prepared statements on the client's own
// pg pool. Prisma sends every raw query unnamed, so Postgres parses and plans it on each call: measured
// with apps/start/bench/postgres-phases.bench.ts, a claim cost 0.61-0.64 ms of Postgres CPU unnamed and
// 0.22-0.28 ms named, and Prisma's client adds ~50-90 us of the caller's CPU per query over pg's.
// Each name must always go with the same SQL text (the statement is prepared once per connection).

/**
 * The rows of `query`, run as the prepared statement `name` when `db` is a client from createPrisma, and
 * through Prisma otherwise (a transaction's client: the statement must run on the transaction's connection).
 * pg's default type parsing applies on the first path: only use it for columns both read alike (text, int4,
 * bool, timestamptz as Date, json, text[] and int4[] arrays; enums as their text).
 */
export async function preparedRows<T>(
  db: PrismaClient | Prisma.TransactionClient,
  name: string,
  query: Prisma.Sql,
): Promise<T[]> {
  const pool = poolOf(db);
  if (!pool) return db.$queryRaw<T[]>(query);
  const res = await pool.query({ name, text: query.text, values: query.values });
  return res.rows as T[];
}
