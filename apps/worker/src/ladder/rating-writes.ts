import type { Prisma } from '@coup/db';
import { periodStart } from '@coup/rating';
import type { Ranking, RatingConfig, RatingState } from '@coup/rating';
import { rankingOf } from '@coup/competition';

// What closing rating periods reads and writes besides the unrated list: the matches' rankings from their
// seats, the players' new ratings and history rows, the periods' rows and each match's period. Each is a
// fixed number of statements however many players, periods and matches (array parameters), and shared by
// the batch closer (close-periods.ts) and the paged closer of a large period (close-large-period.ts).

type Tx = Prisma.TransactionClient;

/** The rankings of the given matches (by id), from their seats' places. */
export async function rankingsOf(tx: Tx, ids: string[]): Promise<Map<string, Ranking>> {
  const seats = await tx.$queryRaw<{ match_id: string; agent_id: string; place: number | null }[]>`
    SELECT match_id, agent_id, place FROM match_seats WHERE match_id = ANY(${ids}::text[])`;
  const seatsOf = new Map<string, { agentId: string; place: number | null }[]>();
  for (const s of seats) {
    const list = seatsOf.get(s.match_id) ?? [];
    list.push({ agentId: s.agent_id, place: s.place });
    seatsOf.set(s.match_id, list);
  }
  return new Map([...seatsOf].map(([id, list]) => [id, rankingOf(list)]));
}

export interface HistoryRow {
  id: string;
  period: number;
  state: RatingState;
}

/**
 * The players' new ratings (their state after the last period that rated them) and the periods' history
 * rows: two statements whatever the number of players and periods.
 */
export async function writeRatings(
  tx: Tx,
  ruleset: string,
  ratings: Map<string, RatingState>,
  history: HistoryRow[],
): Promise<void> {
  if (history.length === 0) return;
  const ids = [...new Set(history.map((h) => h.id))];
  const col = <T>(f: (r: RatingState) => T) => ids.map((id) => f(ratings.get(id) as RatingState));
  await tx.$executeRaw`
    INSERT INTO ratings (agent_id, rating, rd, vol, games, wins, last_period_index, ruleset, updated_at)
    SELECT *, ${ruleset}, now() FROM unnest(${ids}::text[], ${col((r) => r.rating)}::float8[],
      ${col((r) => r.rd)}::float8[], ${col((r) => r.vol)}::float8[], ${col((r) => r.games)}::int[],
      ${col((r) => r.wins)}::int[], ${col((r) => r.lastPeriodIndex)}::int[])
    ON CONFLICT (agent_id, ruleset) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, vol = excluded.vol,
      games = excluded.games, wins = excluded.wins, last_period_index = excluded.last_period_index,
      updated_at = now()`;
  const h = <T>(f: (row: HistoryRow) => T) => history.map(f);
  await tx.$executeRaw`
    INSERT INTO rating_history (agent_id, ruleset, period_index, rating, rd, vol, games)
    SELECT a, ${ruleset}, p, r, d, v, g FROM unnest(${h((x) => x.id)}::text[], ${h((x) => x.period)}::int[],
      ${h((x) => x.state.rating)}::float8[], ${h((x) => x.state.rd)}::float8[], ${h((x) => x.state.vol)}::float8[],
      ${h((x) => x.state.games)}::int[]) AS t(a, p, r, d, v, g)`;
}

/** The closed periods' rows with their match counts (a period written again gets the new count). */
export async function writePeriods(
  tx: Tx,
  ruleset: string,
  periods: { periodIndex: number; matches: number }[],
  config: RatingConfig,
): Promise<void> {
  const at = (p: number) => new Date(periodStart(p, config.periodMs, config.epochMs));
  await tx.$executeRaw`
    INSERT INTO rating_periods (ruleset, index, starts_at, ends_at, closed_at, match_count)
    SELECT ${ruleset}, p, s, e, now(), n
    FROM unnest(${periods.map((q) => q.periodIndex)}::int[], ${periods.map((q) => at(q.periodIndex))}::timestamptz[],
      ${periods.map((q) => at(q.periodIndex + 1))}::timestamptz[], ${periods.map((q) => q.matches)}::int[])
      AS t(p, s, e, n)
    ON CONFLICT (ruleset, index) DO UPDATE SET closed_at = excluded.closed_at, match_count = excluded.match_count`;
}

/** Each match's period (`periods[i]` for `ids[i]`): rated, so off the unrated list (matches_lists trigger). */
export async function setMatchPeriods(tx: Tx, ids: string[], periods: number[]): Promise<void> {
  await tx.$executeRaw`
    UPDATE matches m SET rating_period_id = t.p
    FROM unnest(${ids}::text[], ${periods}::int[]) AS t(id, p) WHERE m.id = t.id`;
}
