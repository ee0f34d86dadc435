// Seeding for the read benchmark (reads.bench.ts): a scratch database filled with set-based SQL
// (generate_series) in minutes, with rows shaped as the worker writes them. A few matches are played by house
// bots and stored by storeMatchResult with their seat statistics (as apps/worker's run-match-job does); every
// seeded match then gets one of their replays (the packed bytes) and, on each seat, the seat statistics of
// the same seat of the same template, so each match's rows weigh what a real match's do.
import { createBot } from '@coup/bots';
import { matchResultOf, seatStats } from '@coup/competition';
import { storeMatchResult } from '@coup/db';
import type { PrismaClient } from '@coup/db';
import { seedCommitment } from '@coup/random';
import { inProcessAgent, runMatch } from '@coup/runner';

/** Real matches whose replay bytes and seat statistics are copied across the seeded rows. */
export const TEMPLATES = 20;
const SEATS = 4;

export const matchId = (i: number) => `mt_b${String(i).padStart(8, '0')}`;
export const agentId = (i: number) => `ag_b${String(i).padStart(6, '0')}`;

const sql = (prisma: PrismaClient, text: string) => prisma.$executeRawUnsafe(text);

/** Accounts, agents, ratings, live ratings, agent_stats, then the templates, matches, seats and replays. */
export async function seedReads(prisma: PrismaClient, matches: number, agents: number): Promise<void> {
  await seedAgents(prisma, agents);
  await storeTemplates(prisma, agents);
  await seedMatches(prisma, matches, agents);
  // As a long-lived database would be: statistics current, visibility map set (autovacuum would otherwise
  // start on the fresh rows in the middle of the measurements).
  await sql(
    prisma,
    'VACUUM (ANALYZE) matches, match_seats, replays, agents, ratings, live_ratings, agent_stats',
  );
}

async function seedAgents(prisma: PrismaClient, agents: number): Promise<void> {
  await sql(
    prisma,
    `INSERT INTO accounts (id, name, api_key_hash, api_key_prefix)
    SELECT 'acc_b' || i, 'bench-owner-' || i, md5('k' || i), 'k' FROM generate_series(0, 99) i`,
  );
  await sql(
    prisma,
    `INSERT INTO agents (id, owner_id, name, transport, endpoint_url, secret_hash, secret_enc, updated_at)
    SELECT id, 'acc_b' || (n % 100), 'bench-' || id, 'http', 'http://127.0.0.1:9/', md5(id), 'x', now()
    FROM (SELECT 'ag_b' || lpad(i::text, 6, '0') AS id, i AS n FROM generate_series(0, ${agents - 1}) i) a`,
  );
  await sql(
    prisma,
    `INSERT INTO ratings (agent_id, rating, rd, vol, games, wins, updated_at)
    SELECT id, 1500 + (hashtext(id) % 300), 50 + abs(hashtext(id) % 100), 0.06, 100, 25, now()
    FROM agents WHERE id LIKE 'ag_b%'`,
  );
  // A tenth of the agents with a live rating (ranked matches in the open period): the board overlays them.
  await sql(
    prisma,
    `INSERT INTO live_ratings (agent_id, rating, rd, vol, games, wins, as_of)
    SELECT agent_id, rating + 5, rd - 1, vol, games + 1, wins, now() FROM ratings WHERE hashtext(agent_id) % 10 = 0`,
  );
  await sql(
    prisma,
    `INSERT INTO agent_stats (agent_id, matches, decisions, faults, claims, bluffs, challenge_chances,
      challenges, challenges_won, challenges_resolved, block_chances, blocks, latency_hist)
    SELECT id, 1000, 30000, 10, 5000, 1200, 8000, 900, 400, 800, 3000, 700,
      (SELECT jsonb_object_agg(round(k * 0.3, 1)::text, k % 13 + 1) FROM generate_series(1, 400) k)
    FROM agents WHERE id LIKE 'ag_b%'`,
  );
}

/** TEMPLATES matches played by house bots and stored as the worker stores them (stats on every seat). */
async function storeTemplates(prisma: PrismaClient, agents: number): Promise<void> {
  for (let k = 0; k < TEMPLATES; k++) {
    const id = `mt_t${String(k).padStart(4, '0')}`;
    const seed = `bench-seed-${k}`;
    await prisma.match.create({
      data: {
        id,
        status: 'running',
        seed,
        seedCommitment: seedCommitment(seed),
        timeoutMs: 5000,
        attempts: 1,
        seats: {
          create: [...Array(SEATS).keys()].map((s) => ({
            seat: s,
            agentId: agentId((k * 13 + s * 751) % agents),
          })),
        },
      },
    });
    const kinds = ['heuristic', 'random', 'honest', 'heuristic'] as const;
    const players = kinds.map((kind, seat) => {
      const bot = createBot(kind, { seed: `${seed}/${seat}` });
      return inProcessAgent(`house-${kind}-${seat}`, (req) => bot.decide(req));
    });
    const replay = await runMatch({ matchId: id, seed, agents: players });
    const stats = seatStats(replay);
    const stored = await storeMatchResult(prisma, id, matchResultOf(replay, { seed, stats }));
    if (!stored.stored) throw new Error(`template ${id} not stored`);
  }
}

/**
 * `matches` finished four-seat matches, one a second from 2026-01-01, half ranked, each with the replay and
 * the seats' places, faults and stats of template i % TEMPLATES. Seeding skips the seats' triggers and FK
 * checks (session_replication_role = replica) and writes their copied columns itself: the rows are
 * consistent by construction, and agent_stats was seeded above.
 */
async function seedMatches(prisma: PrismaClient, matches: number, agents: number): Promise<void> {
  await sql(
    prisma,
    `CREATE TABLE bench_templates AS
     SELECT (substr(m.id, 5))::int AS k, m.engine_version, m.ruleset_version, m.protocol_version,
            r.packed, s.seat, s.place, s.faults, s.forfeited, s.stats
     FROM matches m JOIN replays r ON r.match_id = m.id JOIN match_seats s ON s.match_id = m.id
     WHERE m.id LIKE 'mt_t%'`,
  );
  // In slices, so one statement's sort and WAL stay bounded and progress shows.
  const slice = 250_000;
  for (let from = 1; from <= matches; from += slice) {
    const to = Math.min(matches, from + slice - 1);
    const range = `generate_series(${from}, ${to}) i`;
    const t = `LATERAL (SELECT timestamptz '2026-01-01' + i * interval '1 second' AS t) x`;
    await prisma.$transaction(
      async (tx) => {
        await tx.$executeRawUnsafe(`SET LOCAL session_replication_role = replica`);
        await tx.$executeRawUnsafe(`INSERT INTO matches (id, status, ranked, seed, seed_commitment, timeout_ms,
          created_at, started_at, finished_at, engine_version, ruleset_version, protocol_version, attempts)
        SELECT 'mt_b' || lpad(i::text, 8, '0'), 'finished', i % 2 = 0, 's' || i, md5('s' || i), 5000,
          t, t, t + interval '30 seconds', b.engine_version, b.ruleset_version, b.protocol_version, 1
        FROM ${range}, ${t}, bench_templates b WHERE b.k = i % ${TEMPLATES} AND b.seat = 0`);
        await tx.$executeRawUnsafe(`INSERT INTO match_seats (match_id, seat, agent_id, place, faults,
          forfeited, stats, created_at, ranked)
        SELECT 'mt_b' || lpad(i::text, 8, '0'), b.seat,
          'ag_b' || lpad(((i * 7 + b.seat * 751) % ${agents})::text, 6, '0'),
          b.place, b.faults, b.forfeited, b.stats, t, i % 2 = 0
        FROM ${range}, ${t}, bench_templates b WHERE b.k = i % ${TEMPLATES}
        ORDER BY i, b.seat`);
        await tx.$executeRawUnsafe(`INSERT INTO replays (match_id, packed, created_at)
        SELECT 'mt_b' || lpad(i::text, 8, '0'), b.packed, t + interval '30 seconds'
        FROM ${range}, ${t}, bench_templates b WHERE b.k = i % ${TEMPLATES} AND b.seat = 0`);
      },
      { timeout: 3_600_000 },
    );
    process.stdout.write(`  seeded matches ${from.toLocaleString('en')}-${to.toLocaleString('en')}\n`);
  }
  await sql(prisma, 'DROP TABLE bench_templates');
  // The triggers were off: the matches' lists (matches_active, matches_unrated...) from the rows written.
  await sql(prisma, 'SELECT matches_lists_fill()');
}

export interface SeedSizes {
  matches: number;
  /** All of matches, match_seats and replays (heap, TOAST, indexes) per match. */
  bytesPerMatch: number;
  byTable: Record<string, number>;
  /** Mean stored size of a replay's packed bytes and of a seat's stats JSON. */
  replayBytes: number;
  seatStatsBytes: number;
}

export async function seedSizes(prisma: PrismaClient): Promise<SeedSizes> {
  const [row] = await prisma.$queryRawUnsafe<
    { n: number; m: number; s: number; r: number; replay: number; stats: number }[]
  >(`SELECT (SELECT count(*) FROM matches)::float8 AS n,
      pg_total_relation_size('matches')::float8 AS m, pg_total_relation_size('match_seats')::float8 AS s,
      pg_total_relation_size('replays')::float8 AS r,
      (SELECT avg(octet_length(packed)) FROM replays WHERE match_id LIKE 'mt_t%')::float8 AS replay,
      (SELECT avg(pg_column_size(stats)) FROM match_seats WHERE match_id LIKE 'mt_t%')::float8 AS stats`);
  if (!row) throw new Error('no sizes');
  const per = (b: number) => Math.round(b / row.n);
  return {
    matches: row.n,
    bytesPerMatch: per(row.m + row.s + row.r),
    byTable: { matches: per(row.m), match_seats: per(row.s), replays: per(row.r) },
    replayBytes: Math.round(row.replay),
    seatStatsBytes: Math.round(row.stats),
  };
}
