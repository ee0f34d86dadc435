import { resolveConfig } from './config.ts';
import type { RatingConfig } from './config.ts';
import { periodIndexOf } from './period.ts';
import { compareIds } from './ranking.ts';
import { RatingTable } from './rating-table.ts';
import type { LoggedMatch, RatedMatch, RatingState, Ratings } from './types.ts';

/** The new states of the players rated in one period. */
export interface PeriodRatings {
  periodIndex: number;
  ratings: ReadonlyMap<string, RatingState>;
}

export interface RecomputeResult {
  /** Every rated player's state after the last period of the log. */
  ratings: Map<string, RatingState>;
  /** One entry per period that had matches, in period order. */
  history: PeriodRatings[];
}

/**
 * Ratings as a pure fold over the match log: sort by (finishedAt, id), group by period, and close each
 * period with the very same code an incremental worker's closePeriod uses, so the numbers match bit for bit.
 * The caller passes only matches of periods that are over; an open period must not be folded in yet.
 * Holds the whole log and every period's states: for a big log, stream it through recomputeSorted.
 */
export function recompute(
  matchLog: readonly LoggedMatch[],
  config: Partial<RatingConfig> = {},
): RecomputeResult {
  const sorted = [...matchLog].sort((a, b) => a.finishedAt - b.finishedAt || compareIds(a.id, b.id));
  const history: PeriodRatings[] = [];
  const ratings = recomputeSorted(sorted, config, (p) => history.push(p));
  return { ratings, history };
}

/**
 * The same fold over matches that arrive in period order (a database cursor, a generator), holding one
 * period's matches at a time: memory does not grow with the log. Within a period any order will do.
 * `onPeriod`, when given, receives each closed period's new states (allocated only then). Throws on a
 * match from an earlier period than the one before it.
 */
export function recomputeSorted(
  matches: Iterable<LoggedMatch>,
  config: Partial<RatingConfig> = {},
  onPeriod?: (p: PeriodRatings) => void,
): Map<string, RatingState> {
  const fold = new RecomputeFold(config, onPeriod);
  for (const m of matches) fold.add(m);
  return fold.finish();
}

/** recomputeSorted one match at a time, for logs that arrive asynchronously (pages of a database query). */
export class RecomputeFold {
  private readonly cfg: RatingConfig;
  private readonly table: RatingTable;
  private period: number | null = null;
  private batch: RatedMatch[] = [];
  // The objects handed to onPeriod are the ones returned at the end, as a history reader expects.
  private readonly latest: RatingState[] = [];
  /** Matches added so far. */
  count = 0;

  constructor(
    config: Partial<RatingConfig> = {},
    private readonly onPeriod?: (p: PeriodRatings) => void,
  ) {
    this.cfg = resolveConfig(config);
    this.table = new RatingTable(this.cfg);
  }

  add(m: LoggedMatch): void {
    const p = periodIndexOf(m.finishedAt, this.cfg.periodMs, this.cfg.epochMs);
    if (this.period !== null && p < this.period) {
      throw new Error(`recomputeSorted: match ${m.id} (period ${p}) arrived after period ${this.period}`);
    }
    if (p !== this.period) {
      this.close();
      this.period = p;
    }
    this.batch.push({ id: m.id, ranking: m.ranking });
    this.count++;
  }

  /** Closes the last period; returns every rated player's state, in the order they were first rated. */
  finish(): Map<string, RatingState> {
    this.close();
    const { table, latest } = this;
    const ratings = new Map<string, RatingState>();
    for (const p of table.order)
      ratings.set(table.ids[p] as string, latest[p] ?? (table.state(p) as RatingState));
    return ratings;
  }

  private close(): void {
    if (this.period === null || this.batch.length === 0) return;
    const rated = this.table.close(this.period, this.batch);
    if (this.onPeriod) {
      const ratings = new Map<string, RatingState>();
      for (const p of rated) {
        const s = this.table.state(p) as RatingState;
        this.latest[p] = s;
        ratings.set(this.table.ids[p] as string, s);
      }
      this.onPeriod({ periodIndex: this.period, ratings });
    }
    this.batch = [];
  }
}

/** What an incremental caller stores after closePeriod: the prior states overlaid with the period's. */
export function applyPeriod(prior: Ratings, updates: Ratings): Map<string, RatingState> {
  const next = new Map(prior);
  for (const [id, state] of updates) next.set(id, state);
  return next;
}
