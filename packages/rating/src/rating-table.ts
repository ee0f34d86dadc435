import type { RatingConfig } from './config.ts';
import { fromMu, fromPhi, toMu, toPhi, updatePeriod } from './glicko2-period.ts';
import type { PeriodArrays } from './glicko2-period.ts';
import { idlePeriodsBefore, idleRd } from './idle.ts';
import { assertValidRanking, canonicalRanking, compareIds } from './ranking.ts';
import type { RatedMatch, RatingState } from './types.ts';

// Every player's rating state in typed arrays, indexed by an interned player number, and the closing of a
// rating period over them. closePeriod (one period, the incremental worker) and recompute (a whole log)
// both close periods here, so they run the very same float operations; a recompute keeps one table for the
// whole log and allocates per period, never per match or per player state.

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
  /** Period-local number of each player while a period is closed (-1 otherwise). */
  private local = new Int32Array(64).fill(-1);
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
    const ordered = orderMatches(matches);
    // Pass 1: the period's players (period-local numbers), their games and wins, and every match's seats
    // (local numbers) and places, flat: seat k of match m is at start[m] + k.
    const players: number[] = [];
    const games: number[] = [];
    const wins: number[] = [];
    const fresh: boolean[] = [];
    let total = 0;
    for (const m of ordered) for (const place of m.ranking) total += place.length;
    const seat = new Int32Array(total);
    const at = new Int32Array(total);
    const start = new Int32Array(ordered.length + 1);
    let k = 0;
    let entries = 0;
    for (let m = 0; m < ordered.length; m++) {
      const ranking = (ordered[m] as RatedMatch).ranking;
      start[m] = k;
      for (let i = 0; i < ranking.length; i++) {
        for (const id of ranking[i] as readonly string[]) {
          const p = this.player(id);
          let l = this.local[p] as number;
          if (l < 0) {
            l = players.length;
            this.local[p] = l;
            players.push(p);
            games.push(0);
            wins.push(0);
            fresh.push(this.last[p] === -Infinity);
          }
          games[l] = (games[l] as number) + 1;
          if (i === 0) wins[l] = (wins[l] as number) + 1;
          seat[k] = l;
          at[k] = i;
          k++;
        }
      }
      const n = k - (start[m] as number);
      entries += n * (n - 1);
    }
    start[ordered.length] = k;
    try {
      const a = this.periodArrays(periodIndex, players, entries);
      addResults(a, seat, at, start);
      updatePeriod(a, players.length, this.cfg.tau);
      for (let l = 0; l < players.length; l++) {
        const p = players[l] as number;
        const rating = fromMu(a.rating[l] as number, this.defaultRating);
        // Glicko-2 can leave a barely-informative period's RD a hair above its starting value (step 6 adds
        // sigma^2 before step 7 shrinks it); the cap keeps "new player" the least certain a player can be.
        const rd = Math.min(fromPhi(a.rd[l] as number), this.cfg.rd);
        const vol = a.vol[l] as number;
        if (!(Number.isFinite(rating) && Number.isFinite(vol) && rd > 0)) {
          // Storing NaN would poison every later opponent; failing loudly keeps the log recomputable once fixed.
          const bad = JSON.stringify({ rating, rd, vol });
          throw new Error(`period ${periodIndex}: non-finite rating for agent ${this.ids[p]}: ${bad}`);
        }
        this.rating[p] = rating;
        this.rd[p] = rd;
        this.vol[p] = vol;
        this.last[p] = periodIndex;
        this.games[p] = (this.games[p] as number) + (games[l] as number);
        this.wins[p] = (this.wins[p] as number) + (wins[l] as number);
      }
    } finally {
      for (const p of players) this.local[p] = -1;
    }
    const byId = (x: number, y: number) => compareIds(this.ids[x] as string, this.ids[y] as string);
    // First-rated players, in id order within their first period: the order ratings are listed in.
    this.order.push(...players.filter((_, l) => fresh[l]).sort(byId));
    return players.sort(byId);
  }

  /** The period's players on the Glicko-2 scale, RD grown for the periods they sat out. */
  private periodArrays(periodIndex: number, players: readonly number[], entries: number): PeriodArrays {
    const n = players.length;
    const a: PeriodArrays = {
      rating: new Float64Array(n),
      rd: new Float64Array(n),
      vol: new Float64Array(n),
      offset: new Int32Array(n + 1),
      oppRating: new Float64Array(entries),
      oppRd: new Float64Array(entries),
      outcome: new Float64Array(entries),
    };
    const { cfg } = this;
    for (let l = 0; l < n; l++) {
      const p = players[l] as number;
      const last = this.last[p] as number;
      if (last === -Infinity) {
        a.rating[l] = toMu(cfg.rating, this.defaultRating);
        a.rd[l] = toPhi(cfg.rd);
        a.vol[l] = cfg.vol;
        continue;
      }
      if (last >= periodIndex) {
        throw new Error(`agent ${this.ids[p]} was already rated in period ${last} >= ${periodIndex}`);
      }
      const rd = this.rd[p] as number;
      const vol = this.vol[p] as number;
      a.rating[l] = toMu(this.rating[p] as number, this.defaultRating);
      a.rd[l] = toPhi(idleRd(rd, vol, idlePeriodsBefore({ lastPeriodIndex: last }, periodIndex), cfg.rd));
      a.vol[l] = vol;
    }
    return a;
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
    const local = new Int32Array(size).fill(-1);
    local.set(this.local);
    this.local = local;
  }
}

/**
 * Every match's pairwise results (glicko2's makeRace: each seat against each later seat, 1 when placed
 * above, 0.5 when tied), added for both players in the order the package's updateRatings adds them, with
 * the opponents' ratings from before the update.
 */
function addResults(a: PeriodArrays, seat: Int32Array, at: Int32Array, start: Int32Array): void {
  const matches = start.length - 1;
  for (let m = 0; m < matches; m++) {
    const from = start[m] as number;
    const to = start[m + 1] as number;
    for (let k = from; k < to; k++) {
      const l = seat[k] as number;
      a.offset[l + 1] = (a.offset[l + 1] as number) + (to - from - 1);
    }
  }
  for (let l = 1; l < a.offset.length; l++)
    a.offset[l] = (a.offset[l] as number) + (a.offset[l - 1] as number);
  const next = a.offset.slice(0, -1);
  for (let m = 0; m < matches; m++) {
    const to = start[m + 1] as number;
    for (let i = start[m] as number; i < to; i++) {
      for (let j = i + 1; j < to; j++) {
        const x = seat[i] as number;
        const y = seat[j] as number;
        const outcome = (at[i] as number) < (at[j] as number) ? 1 : 0.5;
        let e = next[x] as number;
        next[x] = e + 1;
        a.oppRating[e] = a.rating[y] as number;
        a.oppRd[e] = a.rd[y] as number;
        a.outcome[e] = outcome;
        e = next[y] as number;
        next[y] = e + 1;
        a.oppRating[e] = a.rating[x] as number;
        a.oppRd[e] = a.rd[x] as number;
        a.outcome[e] = 1 - outcome;
      }
    }
  }
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
