import type { TestDatabase } from '@coup/db/testing';

// A backlog of unrated ranked matches for the throughput bench's `house-backlog` row (issue 23: play must
// hold within 10% while the rating closer works through 500,000 of them). Finished four-seat matches among
// BACKLOG_AGENTS agents of the bench's account, spread over the past `days` so they fall in many closed
// rating periods, with places and no replay (the closer reads only places). Written with
// session_replication_role = replica (no triggers, no FK checks): consistent by construction, the matches'
// lists filled after (matches_lists_fill).

const BACKLOG_AGENTS = 1_000;

async function sql(db: TestDatabase, text: string): Promise<void> {
  await db.prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe('SET LOCAL session_replication_role = replica');
      await tx.$executeRawUnsafe(text);
    },
    { timeout: 3_600_000 },
  );
}

export async function seedBacklog(
  db: TestDatabase,
  ownerId: string,
  matches: number,
  days = 20,
): Promise<void> {
  await sql(
    db,
    `INSERT INTO agents (id, owner_id, name, transport, endpoint_url, secret_hash, secret_enc, created_at,
       updated_at)
     SELECT 'ag_k' || lpad(i::text, 6, '0'), '${ownerId.replace(/'/g, "''")}', 'backlog-' || i, 'http',
       'http://127.0.0.1:9', md5('backlog' || i), 'unused', now(), now()
     FROM generate_series(0, ${BACKLOG_AGENTS - 1}) i`,
  );
  const spacing = `interval '1 millisecond' * ${Math.max(1, Math.floor((days * 86_400_000) / matches))}`;
  const slice = 100_000;
  for (let from = 1; from <= matches; from += slice) {
    const to = Math.min(matches, from + slice - 1);
    const t = `LATERAL (SELECT now() - interval '${days} days' + i * ${spacing} AS t) x`;
    await sql(
      db,
      `INSERT INTO matches (id, status, ranked, seed, seed_commitment, timeout_ms, created_at, started_at,
         finished_at, attempts)
       SELECT 'mt_k' || lpad(i::text, 8, '0'), 'finished', true, 'k' || i, md5('k' || i), 5000, t, t, t, 1
       FROM generate_series(${from}, ${to}) i, ${t}`,
    );
    await sql(
      db,
      `INSERT INTO match_seats (match_id, seat, agent_id, place, created_at, ranked)
       SELECT 'mt_k' || lpad(i::text, 8, '0'), s,
         'ag_k' || lpad(((i * 7 + s * 251) % ${BACKLOG_AGENTS})::text, 6, '0'), s + 1, t, true
       FROM generate_series(${from}, ${to}) i, generate_series(0, 3) s, ${t}`,
    );
  }
  // The triggers were off: the unrated list (matches_unrated) from the rows written.
  await db.prisma.$executeRawUnsafe('SELECT matches_lists_fill()');
  await db.prisma.$executeRawUnsafe('ANALYZE matches');
  await db.prisma.$executeRawUnsafe('ANALYZE match_seats');
  await db.prisma.$executeRawUnsafe('ANALYZE matches_unrated');
}
