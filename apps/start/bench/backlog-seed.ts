import type { TestDatabase } from '@coup/db/testing';

// A backlog of unrated ranked matches for the throughput bench's `house-backlog` row (issue 23: play must
// hold within 10% while the rating closer works through 500,000 of them), in the `inquisitors` ladder.
// Finished four-seat matches among BACKLOG_AGENTS agents of the bench's account, spread over the past
// `days` so they fall in many ended rating periods, with places and no replay (the closer reads only
// places). Written with session_replication_role = replica (no triggers, no FK checks): consistent by
// construction, the matches' lists filled after (matches_lists_fill).

const BACKLOG_AGENTS = 1_000;

/** `text` with triggers and foreign-key checks off (session_replication_role = replica), in one transaction. */
export async function asReplica(db: TestDatabase, text: string): Promise<void> {
  await db.prisma.$transaction(
    async (tx) => {
      await tx.$executeRawUnsafe('SET LOCAL session_replication_role = replica');
      await tx.$executeRawUnsafe(text);
    },
    { timeout: 3_600_000 },
  );
}

export interface FinishedRankedSeed {
  /** Match numbers `from`..`to` (inclusive), written `slice` at a time. */
  from: number;
  to: number;
  slice: number;
  /** Ids 'mt_' + tag + the number padded to `pad` digits; seeds tag + the number. */
  tag: string;
  pad: number;
  /** SQL for a match's time (created, started and finished) from its number `i`. */
  at: string;
  /** SQL for the agent id of seat `s` (0-3) of match `i`. */
  agent: string;
  /** The ladder they are rated in (default `original`). */
  ruleset?: string;
}

/**
 * Finished ranked four-seat matches with places and no replay, written with triggers off, then the matches'
 * lists filled from them (matches_lists_fill).
 */
export async function seedFinishedRanked(db: TestDatabase, o: FinishedRankedSeed): Promise<void> {
  const id = `'mt_${o.tag}' || lpad(i::text, ${o.pad}, '0')`;
  const t = `LATERAL (SELECT ${o.at} AS t) x`;
  const ruleset = `'${o.ruleset ?? 'original'}'`;
  for (let a = o.from; a <= o.to; a += o.slice) {
    const b = Math.min(o.to, a + o.slice - 1);
    await asReplica(
      db,
      `INSERT INTO matches (id, status, ranked, seed, seed_commitment, timeout_ms, created_at, started_at,
         finished_at, attempts, ruleset)
       SELECT ${id}, 'finished', true, '${o.tag}' || i, md5('${o.tag}' || i), 5000, t, t, t, 1, ${ruleset}
       FROM generate_series(${a}, ${b}) i, ${t}`,
    );
    await asReplica(
      db,
      `INSERT INTO match_seats (match_id, seat, agent_id, place, created_at, ranked, ruleset)
       SELECT ${id}, s, ${o.agent}, s + 1, t, true, ${ruleset}
       FROM generate_series(${a}, ${b}) i, generate_series(0, 3) s, ${t}`,
    );
  }
  // The triggers were off: the unrated list (matches_unrated) from the rows written.
  await db.prisma.$executeRawUnsafe('SELECT matches_lists_fill()');
}

export async function seedBacklog(
  db: TestDatabase,
  ownerId: string,
  matches: number,
  o: { days?: number; ruleset?: string | undefined } = {},
): Promise<void> {
  const days = o.days ?? 20;
  await asReplica(
    db,
    `INSERT INTO agents (id, owner_id, name, transport, endpoint_url, secret_hash, secret_enc, created_at,
       updated_at)
     SELECT 'ag_k' || lpad(i::text, 6, '0'), '${ownerId.replace(/'/g, "''")}', 'backlog-' || i, 'http',
       'http://127.0.0.1:9', md5('backlog' || i), 'unused', now(), now()
     FROM generate_series(0, ${BACKLOG_AGENTS - 1}) i`,
  );
  const spacing = `interval '1 millisecond' * ${Math.max(1, Math.floor((days * 86_400_000) / matches))}`;
  await seedFinishedRanked(db, {
    from: 1,
    to: matches,
    slice: 100_000,
    tag: 'k',
    pad: 8,
    at: `now() - interval '${days} days' + i * ${spacing}`,
    agent: `'ag_k' || lpad(((i * 7 + s * 251) % ${BACKLOG_AGENTS})::text, 6, '0')`,
    // A ladder of its own: an outage of its closer, 20 days of periods none of which is closed. In the
    // `original` ladder the bench's ranked rows have just closed periods that end after these finishes, so
    // every one of them is a late result of the next period closed: one period of 500,000 (a bulk load).
    ruleset: o.ruleset ?? 'inquisitors',
  });
  // Vacuumed as well as analyzed: the rows of a backlog left by an outage were written over its hours and
  // vacuumed as they came; left to autovacuum here, its first pass over 500,000 matches and 2,000,000 seats
  // would run inside the measured window, a cost of the bulk seed rather than of the closer.
  await db.prisma.$executeRawUnsafe('VACUUM (ANALYZE) matches, match_seats, matches_unrated, agents');
  if (process.env.BENCH_SEED_CHECKPOINT !== '0') {
    // And checkpointed: the seed writes about a gigabyte of WAL in 30 s, whose checkpoint (spread over
    // checkpoint_completion_target of 5 minutes) would write its pages out during the measured window; an
    // outage's rows were checkpointed as they came. (Needs a superuser or pg_checkpoint: else said so.)
    await db.prisma.$executeRawUnsafe('CHECKPOINT').catch((err: unknown) => {
      console.log(`backlog: no CHECKPOINT after the seed (${(err as Error).message.split('\n')[0]})`);
    });
  }
}
