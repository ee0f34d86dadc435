import type { Prisma, PrismaClient } from '@coup/db';
import { liveRatings, periodIndexOf, resolveConfig } from '@coup/rating';
import type { PendingMatch, RatingConfig, RatingState } from '@coup/rating';
import { RATING_EPOCH_MS } from '@coup/gateway';
import { rankingOf } from '@coup/competition';
import { RULESET_IDS } from '@coup/engine';

type Tx = Prisma.TransactionClient;

/**
 * The advisory lock of the rating tables: closing periods (close-periods.ts) and rebuilding live ratings
 * take it, so a rebuild never reads a half-closed period and never overwrites a close's own rebuild.
 */
export const RATINGS_LOCK = 42_701;

export interface LiveRatingsOptions {
  periodMs: number;
  config?: Partial<RatingConfig>;
  /**
   * A rebuild waits this many times the last one's duration after it (default 4: rebuilding takes at most a
   * fifth of the time however fast results arrive).
   */
  backoffFactor?: number;
  /** The ruleset whose live ratings a rebuild writes (rebuildLiveRatings; default `original`). */
  ruleset?: string;
}

export interface LiveRatingsReport {
  /** Whether the live ratings were computed again (false: nothing changed since the last rebuild). */
  rebuilt: boolean;
  /**
   * Unrated ranked matches counted (0 when the check was skipped: too soon after the last rebuild, or the
   * ratings lock held by the closer).
   */
  matches: number;
  /** Agents with a live rating (null: not rebuilt). */
  agents: number | null;
  /** live_ratings rows written or deleted (only those whose figures changed). */
  written: number;
}

/**
 * What each worker's last rebuild was computed from (the unrated ranked matches' count and latest finish,
 * and the last closed period), by client: the 1 s timer rebuilds only when that changed, and no sooner than
 * `backoffFactor` times the last rebuild's duration after it, so a busy open period costs a bounded share of
 * the worker and the database. A worker that has not built yet rebuilds once: it writes only what changed.
 */
const lastBuild = new WeakMap<object, { inputs: string; notBefore: number }>();

/**
 * The worker's short timer: brings live_ratings up to date with the unrated ranked matches when they (or the
 * last closed period) changed since the last rebuild. A no-op costs a count of the unrated ranked matches
 * stopped past BACKLOG_MATCHES, and their earliest and latest finish (index probes of matches_unrated).
 */
export async function refreshLiveRatings(
  prisma: PrismaClient,
  o: LiveRatingsOptions,
): Promise<LiveRatingsReport> {
  const last = lastBuild.get(prisma);
  if (last && Date.now() < last.notBefore) return { rebuilt: false, matches: 0, agents: null, written: 0 };
  return prisma.$transaction(
    async (tx) => {
      // Taken without waiting: the closer holds the lock for as long as a large period takes (a bulk load
      // of late results, close-large-period.ts), and a job waiting for it would hold up this worker's
      // other ladder jobs (matchmaking) and a connection of its pool. The next tick tries again.
      const [lock] = await tx.$queryRaw<
        { ok: boolean }[]
      >`SELECT pg_try_advisory_xact_lock(${RATINGS_LOCK}) AS ok`;
      if (!lock?.ok) return { rebuilt: false, matches: 0, agents: null, written: 0 };
      // Per ruleset (each is its own ladder): one row each.
      const rows = await tx.$queryRaw<
        { ruleset: string; n: number; earliest: Date | null; latest: Date | null; base: number | null }[]
      >`
        SELECT r.id AS ruleset,
          (SELECT count(*)::int FROM (
            SELECT 1 FROM matches_unrated u WHERE u.ruleset = r.id LIMIT ${BACKLOG_MATCHES + 1}) c) AS n,
          (SELECT min(u.finished_at) FROM matches_unrated u WHERE u.ruleset = r.id) AS earliest,
          (SELECT max(u.finished_at) FROM matches_unrated u WHERE u.ruleset = r.id) AS latest,
          (SELECT max(index) FROM rating_periods WHERE closed_at IS NOT NULL AND ruleset = r.id) AS base
        FROM unnest(${[...RULESET_IDS]}::text[]) AS r(id) ORDER BY r.id`;
      const n = rows.reduce((sum, r) => sum + r.n, 0);
      const backlog = rows.some(
        (r) => r.earliest && r.n > BACKLOG_MATCHES && isBacklog(r.earliest, o.periodMs),
      );
      if (backlog) {
        // A backlog for the closer (after its outage, or a bulk load): a rebuild would read all of it on
        // every tick, holding the ratings lock the closer needs. The closer rebuilds once it has caught up.
        return { rebuilt: false, matches: n, agents: null, written: 0 };
      }
      // The count stops past BACKLOG_MATCHES (a backlog's check costs what 20,000 rows cost, not all of
      // them: 257 ms a tick at 500,000, holding the ratings lock the closer needs); the earliest and latest
      // finish and the last closed period say what changed beyond it.
      const inputs = JSON.stringify(
        rows.map((r) => [
          r.ruleset,
          r.n,
          r.earliest?.getTime() ?? null,
          r.latest?.getTime() ?? null,
          r.base ?? null,
        ]),
      );
      if (last?.inputs === inputs) return { rebuilt: false, matches: n, agents: null, written: 0 };
      const t0 = Date.now();
      const report: LiveRatingsReport = { rebuilt: true, matches: 0, agents: 0, written: 0 };
      for (const ruleset of RULESET_IDS) {
        const one = await rebuildLiveRatings(tx, { ...o, ruleset });
        report.matches += one.matches;
        report.agents = (report.agents ?? 0) + (one.agents ?? 0);
        report.written += one.written;
      }
      // The inputs read before the rebuild: a result committed in between makes the next check rebuild.
      const backoff = (o.backoffFactor ?? 4) * (Date.now() - t0);
      lastBuild.set(prisma, { inputs, notBefore: Date.now() + backoff });
      return report;
    },
    { timeout: 60_000, maxWait: 30_000 },
  );
}

/** More unrated ranked matches than this, some from before the period just ended: leave it to the closer. */
const BACKLOG_MATCHES = 20_000;

/** Whether unrated ranked matches finished before the period that just ended: a backlog for the closer. */
function isBacklog(earliest: Date, periodMs: number): boolean {
  const open = periodIndexOf(Date.now(), periodMs, RATING_EPOCH_MS);
  return periodIndexOf(earliest.getTime(), periodMs, RATING_EPOCH_MS) < open - 1;
}

/**
 * Brings live_ratings to the unrated ranked matches: each of their players' state after closing every
 * pending period now (liveRatings), from the stored ratings; rows whose figures did not change are left
 * alone, rows of agents with no unrated match left are deleted. Call under RATINGS_LOCK.
 */
export async function rebuildLiveRatings(tx: Tx, o: LiveRatingsOptions): Promise<LiveRatingsReport> {
  const cfg = resolveConfig({ ...o.config, periodMs: o.periodMs, epochMs: RATING_EPOCH_MS });
  const ruleset = o.ruleset ?? 'original';
  const lastClosed = await tx.ratingPeriod.findFirst({
    where: { closedAt: { not: null }, ruleset },
    orderBy: { index: 'desc' },
    select: { index: true },
  });
  const { pending, asOf } = await unratedRankedMatches(tx, cfg, ruleset);
  const stored = await storedStates(tx, [...asOf.keys()], ruleset);
  const live = liveRatings(stored, lastClosed?.index ?? null, pending, cfg);
  const written = await write(tx, ruleset, live, asOf);
  return { rebuilt: true, matches: pending.length, agents: live.size, written };
}

/**
 * The unrated ranked matches with the period of each one's finish, and each placed agent's latest finish
 * among them (its live rating's asOf).
 */
export async function unratedRankedMatches(
  tx: Tx,
  cfg: Pick<RatingConfig, 'periodMs' | 'epochMs'>,
  ruleset = 'original',
): Promise<{ pending: PendingMatch[]; asOf: Map<string, Date> }> {
  // Two index reads rather than a join the planner could turn into a scan of every seat: the unrated ranked
  // matches (matches_unrated), then their seats (by primary key).
  const rows = await tx.$queryRaw<{ id: string; finished_at: Date }[]>`
    SELECT match_id AS id, finished_at FROM matches_unrated WHERE ruleset = ${ruleset}`;
  const seats = await tx.$queryRaw<{ match_id: string; agent_id: string; place: number | null }[]>`
    SELECT match_id, agent_id, place FROM match_seats WHERE match_id = ANY(${rows.map((m) => m.id)}::text[])`;
  const seatsOf = new Map<string, { agentId: string; place: number | null }[]>();
  for (const s of seats) {
    const list = seatsOf.get(s.match_id) ?? [];
    list.push({ agentId: s.agent_id, place: s.place });
    seatsOf.set(s.match_id, list);
  }
  const asOf = new Map<string, Date>();
  const pending: PendingMatch[] = rows.map((m) => {
    const of = seatsOf.get(m.id) ?? [];
    for (const s of of) {
      const seen = asOf.get(s.agentId);
      if (s.place !== null && (!seen || seen < m.finished_at)) asOf.set(s.agentId, m.finished_at);
    }
    return {
      id: m.id,
      ranking: rankingOf(of),
      periodIndex: periodIndexOf(m.finished_at.getTime(), cfg.periodMs, cfg.epochMs),
    };
  });
  return { pending, asOf };
}

/** Writes the rows that changed and deletes those gone; returns how many. */
async function write(
  tx: Tx,
  ruleset: string,
  live: Map<string, RatingState>,
  asOf: Map<string, Date>,
): Promise<number> {
  const existing = new Map((await tx.liveRating.findMany({ where: { ruleset } })).map((r) => [r.agentId, r]));
  const gone = [...existing.keys()].filter((id) => !live.has(id));
  const changed = [...live].filter(([id, r]) => {
    const e = existing.get(id);
    return !(
      e &&
      e.rating === r.rating &&
      e.rd === r.rd &&
      e.vol === r.vol &&
      e.games === r.games &&
      e.wins === r.wins &&
      e.asOf.getTime() === asOf.get(id)?.getTime()
    );
  });
  if (gone.length > 0) {
    await tx.$executeRaw`DELETE FROM live_ratings WHERE agent_id = ANY(${gone}::text[]) AND ruleset = ${ruleset}`;
  }
  if (changed.length > 0) {
    const col = <T>(f: (id: string, r: RatingState) => T) => changed.map(([id, r]) => f(id, r));
    // One statement whatever the number of rows (Prisma's createMany here is a round of parameters per row).
    await tx.$executeRaw`
      INSERT INTO live_ratings (agent_id, rating, rd, vol, games, wins, as_of, ruleset, updated_at)
      SELECT *, ${ruleset}, now() FROM unnest(
        ${col((id) => id)}::text[], ${col((_, r) => r.rating)}::float8[], ${col((_, r) => r.rd)}::float8[],
        ${col((_, r) => r.vol)}::float8[], ${col((_, r) => r.games)}::int[], ${col((_, r) => r.wins)}::int[],
        ${col((id) => asOf.get(id) as Date)}::timestamptz[])
      ON CONFLICT (agent_id, ruleset) DO UPDATE SET rating = excluded.rating, rd = excluded.rd,
        vol = excluded.vol, games = excluded.games, wins = excluded.wins, as_of = excluded.as_of, updated_at = now()`;
  }
  return gone.length + changed.length;
}

/** The stored ratings of these agents in a ruleset, as closePeriod takes them (the closer reads them too). */
export async function storedStates(
  tx: Tx,
  agentIds: string[],
  ruleset = 'original',
): Promise<Map<string, RatingState>> {
  // One array parameter (Prisma's `in` binds one parameter per id: slow for a period's thousands).
  const stored = await tx.$queryRaw<
    {
      agent_id: string;
      rating: number;
      rd: number;
      vol: number;
      games: number;
      wins: number;
      lp: number | null;
    }[]
  >`SELECT agent_id, rating, rd, vol, games, wins, last_period_index AS lp FROM ratings
    WHERE agent_id = ANY(${agentIds}::text[]) AND ruleset = ${ruleset}`;
  return new Map(
    stored.map((r) => [
      r.agent_id,
      { rating: r.rating, rd: r.rd, vol: r.vol, games: r.games, wins: r.wins, lastPeriodIndex: r.lp ?? -1 },
    ]),
  );
}
