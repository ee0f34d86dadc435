import type { RatingConfig } from './config.ts';
import { addResult, fromMu, fromPhi, toMu, toPhi, withResults, withoutResults } from './glicko2-period.ts';
import type { PlayerArrays } from './glicko2-period.ts';
import { idlePeriodsBefore, idleRd } from './idle.ts';
import { assertValidRanking, canonicalRanking, compareIds } from './ranking.ts';
import type { RatedMatch, RatingState } from './types.ts';

// Every player's rating state in typed arrays, indexed by an interned player number, and the closing of a
// rating period over them. closePeriod (one period, the incremental worker), the period closer's paged fold
// of a large period and recompute (a whole log) all close periods here, so they run the very same float
// operations; a recompute keeps one table for the whole log and allocates per player, never per match.

export class RatingTable {
  readonly ids: string[] = [];
  /** Rated players in the order they were first rated (id order within a period). */
  readonly order: number[] = [];
  private readonly index = new Map<string, number>();
  private rating = new Float64Array(64);
  private rd = new Float64Array(64);
  private vol = new Float64Array(64);
  /** Last rated period; -Infinity while the player has none (never rated). */
  private last = new Float64Array(64).fill(-Infinity);
  private games = new Float64Array(64);
  private wins = new Float64Array(64);
  /** Period-local number of each player while a period is open (-1 otherwise). */
  private localOf = new Int32Array(64).fill(-1);
  /** The open period's players by local number: their state before it and their results' sums. */
  private local: LocalArrays = growLocal(null);
  private period: OpenPeriod | null = null;
  /** One match's seats (local numbers) and places, reused from match to match. */
  private seat = new Int32Array(8);
  private at = new Int32Array(8);
  private readonly defaultRating: number;

  constructor(private readonly cfg: RatingConfig) {
    // The glicko2 package's scale centre: a falsy rating setting falls back to 1500 there.
    this.defaultRating = cfg.rating || 1500;
  }

  get size(): number {
    return this.ids.length;
  }

  /** The player's number, interning a new id (not rated yet). */
  player(id: string): number {
    let p = this.index.get(id);
    if (p === undefined) {
      p = this.ids.length;
      this.ids.push(id);
      this.index.set(id, p);
      if (p >= this.rating.length) this.grow();
    }
    return p;
  }

  has(id: string): boolean {
    return this.index.has(id);
  }

  set(id: string, s: RatingState): void {
    const p = this.player(id);
    this.rating[p] = s.rating;
    this.rd[p] = s.rd;
    this.vol[p] = s.vol;
    this.last[p] = s.lastPeriodIndex;
    this.games[p] = s.games;
    this.wins[p] = s.wins;
  }

  /** The player's state; null when never rated. */
  state(p: number): RatingState | null {
    const last = this.last[p] as number;
    if (last === -Infinity) return null;
    return {
      rating: this.rating[p] as number,
      rd: this.rd[p] as number,
      vol: this.vol[p] as number,
      lastPeriodIndex: last,
      games: this.games[p] as number,
      wins: this.wins[p] as number,
    };
  }

  /**
   * One Glicko-2 update over all of the period's matches (see closePeriod for the rules); returns the
   * numbers of the players it rated, in id order.
   */
  close(periodIndex: number, matches: readonly RatedMatch[]): number[] {
    this.beginPeriod(periodIndex);
    this.addMatches(matches);
    return this.endPeriod();
  }

  /**
   * Starts a period folded a batch of matches at a time (addMatches, then endPeriod): the same update as
   * close() over all of them, bit for bit, in memory per player of the period rather than per match, so a
   * period of any size (a bulk load of late results) is rated from a database read in pages. Every player's
   * state from before the period must be set before its first match is added.
   */
  beginPeriod(periodIndex: number): void {
    if (!Number.isSafeInteger(periodIndex))
      throw new RangeError(`periodIndex must be an integer: ${periodIndex}`);
    if (this.period) throw new Error(`period ${this.period.index} is still open`);
    this.period = { index: periodIndex, players: [], games: [], wins: [], fresh: [], lastId: null };
  }

  /**
   * Adds matches to the open period. The whole period's matches are processed in id order, so each batch
   * must hold ids after every id of the batches before it (a keyset page in code-unit order). A batch that
   * is refused (an invalid ranking, a match twice, a player already rated in this period or later) throws
   * and abandons the period: nothing of it is applied.
   */
  addMatches(matches: readonly RatedMatch[]): void {
    const q = this.period;
    if (!q) throw new Error('no period is open');
    try {
      const ordered = orderMatches(matches);
      const first = ordered[0]?.id;
      if (first !== undefined && q.lastId !== null && compareIds(first, q.lastId) <= 0) {
        throw new Error(
          `match ${first} comes before the period's match ${q.lastId}: batches must follow id order`,
        );
      }
      for (const m of ordered) this.addMatch(q, m);
      if (ordered.length > 0) q.lastId = (ordered[ordered.length - 1] as RatedMatch).id;
    } catch (err) {
      this.abandonPeriod();
      throw err;
    }
  }

  /** Closes the open period: applies its update; returns the numbers of the players it rated, in id order. */
  endPeriod(): number[] {
    const q = this.period;
    if (!q) throw new Error('no period is open');
    const { players, games, wins, fresh } = q;
    const a = this.local;
    try {
      for (let l = 0; l < players.length; l++) {
        const p = players[l] as number;
        if ((a.results[l] as number) === 0) withoutResults(a, l);
        else withResults(a, l, a.sums[2 * l] as number, a.sums[2 * l + 1] as number, this.cfg.tau);
        const rating = fromMu(a.rating[l] as number, this.defaultRating);
        // Glicko-2 can leave a barely-informative period's RD a hair above its starting value (step 6 adds
        // sigma^2 before step 7 shrinks it); the cap keeps "new player" the least certain a player can be.
        const rd = Math.min(fromPhi(a.rd[l] as number), this.cfg.rd);
        const vol = a.vol[l] as number;
        if (!(Number.isFinite(rating) && Number.isFinite(vol) && rd > 0)) {
          // Storing NaN would poison every later opponent; failing loudly keeps the log recomputable once fixed.
          const bad = JSON.stringify({ rating, rd, vol });
          throw new Error(`period ${q.index}: non-finite rating for agent ${this.ids[p]}: ${bad}`);
        }
        this.rating[p] = rating;
        this.rd[p] = rd;
        this.vol[p] = vol;
        this.last[p] = q.index;
        this.games[p] = (this.games[p] as number) + (games[l] as number);
        this.wins[p] = (this.wins[p] as number) + (wins[l] as number);
      }
    } finally {
      this.abandonPeriod();
    }
    const byId = (x: number, y: number) => compareIds(this.ids[x] as string, this.ids[y] as string);
    // First-rated players, in id order within their first period: the order ratings are listed in.
    this.order.push(...players.filter((_, l) => fresh[l]).sort(byId));
    return players.sort(byId);
  }

  /** Drops the open period (if any) without applying it. */
  abandonPeriod(): void {
    for (const p of this.period?.players ?? []) this.localOf[p] = -1;
    this.period = null;
  }

  /**
   * One match's pairwise results (glicko2's makeRace: each seat against each later seat, 1 when placed above,
   * 0.5 when tied), added for both players in the order the package's updateRatings adds them, with the
   * opponents' ratings from before the period: each player's sums receive its results in opponent order.
   */
  private addMatch(q: OpenPeriod, m: RatedMatch): void {
    let n = 0;
    for (const place of m.ranking) n += place.length;
    if (n > this.seat.length) {
      this.seat = new Int32Array(n * 2);
      this.at = new Int32Array(n * 2);
    }
    const { seat, at } = this;
    let k = 0;
    for (let i = 0; i < m.ranking.length; i++) {
      for (const id of m.ranking[i] as readonly string[]) {
        const l = this.localPlayer(q, this.player(id));
        q.games[l] = (q.games[l] as number) + 1;
        if (i === 0) q.wins[l] = (q.wins[l] as number) + 1;
        seat[k] = l;
        at[k] = i;
        k++;
      }
    }
    const a = this.local;
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const x = seat[i] as number;
        const y = seat[j] as number;
        const outcome = (at[i] as number) < (at[j] as number) ? 1 : 0.5;
        const mx = a.rating[x] as number;
        const my = a.rating[y] as number;
        addResult(a.sums, 2 * x, mx, my, a.rd[y] as number, outcome);
        addResult(a.sums, 2 * y, my, mx, a.rd[x] as number, 1 - outcome);
        a.results[x] = (a.results[x] as number) + 1;
        a.results[y] = (a.results[y] as number) + 1;
      }
    }
  }

  /**
   * The player's number in the open period, entering it on its first match: its state from before the
   * period on the Glicko-2 scale, RD grown for the periods it sat out.
   */
  private localPlayer(q: OpenPeriod, p: number): number {
    let l = this.localOf[p] as number;
    if (l >= 0) return l;
    l = q.players.length;
    const last = this.last[p] as number;
    if (last >= q.index) {
      throw new Error(`agent ${this.ids[p]} was already rated in period ${last} >= ${q.index}`);
    }
    if (l >= this.local.rating.length) this.local = growLocal(this.local);
    const a = this.local;
    const { cfg } = this;
    if (last === -Infinity) {
      a.rating[l] = toMu(cfg.rating, this.defaultRating);
      a.rd[l] = toPhi(cfg.rd);
      a.vol[l] = cfg.vol;
    } else {
      const rd = this.rd[p] as number;
      const vol = this.vol[p] as number;
      a.rating[l] = toMu(this.rating[p] as number, this.defaultRating);
      a.rd[l] = toPhi(idleRd(rd, vol, idlePeriodsBefore({ lastPeriodIndex: last }, q.index), cfg.rd));
      a.vol[l] = vol;
    }
    a.sums[2 * l] = 0;
    a.sums[2 * l + 1] = 0;
    a.results[l] = 0;
    this.localOf[p] = l;
    q.players.push(p);
    q.games.push(0);
    q.wins.push(0);
    q.fresh.push(last === -Infinity);
    return l;
  }

  private grow(): void {
    const size = this.rating.length * 2;
    const bigger = (old: Float64Array, fill = 0) => {
      const next = new Float64Array(size).fill(fill);
      next.set(old);
      return next;
    };
    this.rating = bigger(this.rating);
    this.rd = bigger(this.rd);
    this.vol = bigger(this.vol);
    this.last = bigger(this.last, -Infinity);
    this.games = bigger(this.games);
    this.wins = bigger(this.wins);
    const localOf = new Int32Array(size).fill(-1);
    localOf.set(this.localOf);
    this.localOf = localOf;
  }
}

/** The open period's own bookkeeping (its players' global numbers, games and wins by local number). */
interface OpenPeriod {
  index: number;
  players: number[];
  games: number[];
  wins: number[];
  /** Whether the player had never been rated before this period. */
  fresh: boolean[];
  /** The last match id added (batches follow id order). */
  lastId: string | null;
}

/** The open period's players on the Glicko-2 scale, and per player its results' count and two sums. */
interface LocalArrays extends PlayerArrays {
  sums: Float64Array;
  results: Int32Array;
}

/** Local arrays twice as large as `old` (64 players at first), with its contents. */
function growLocal(old: LocalArrays | null): LocalArrays {
  const size = old ? old.rating.length * 2 : 64;
  const next: LocalArrays = {
    rating: new Float64Array(size),
    rd: new Float64Array(size),
    vol: new Float64Array(size),
    sums: new Float64Array(size * 2),
    results: new Int32Array(size),
  };
  if (old) {
    next.rating.set(old.rating);
    next.rd.set(old.rd);
    next.vol.set(old.vol);
    next.sums.set(old.sums);
    next.results.set(old.results);
  }
  return next;
}

/** Validated, canonical matches in id order; duplicate ids are rejected since they would count twice. */
function orderMatches(matches: readonly RatedMatch[]): RatedMatch[] {
  const ordered = matches
    .map((m) => {
      assertValidRanking(m.ranking, m.id);
      const ranking = canonicalRanking(m.ranking);
      return ranking === m.ranking ? m : { id: m.id, ranking };
    })
    .sort((a, b) => compareIds(a.id, b.id));
  for (let i = 1; i < ordered.length; i++) {
    if (ordered[i]?.id === ordered[i - 1]?.id) throw new Error(`match ${ordered[i]?.id} appears twice`);
  }
  return ordered;
}
