import glicko2 from 'glicko2';
import type { Match, Player } from 'glicko2';
import { resolveConfig } from './config.ts';
import type { RatingConfig } from './config.ts';
import { idlePeriodsBefore, idleRd } from './idle.ts';
import { assertValidRanking, canonicalRanking, compareIds, winnersOf } from './ranking.ts';
import type { RatedMatch, RatingState, Ratings } from './types.ts';

/**
 * Closes one rating period: a single Glicko-2 update over all of the period's matches.
 *
 * - `prior` must hold the current state of (at least) every player of the period; players missing from it
 *   are new and start at the configured defaults.
 * - Returns the new state of the period's players only; players who did not play are untouched here (their
 *   idle RD growth is applied lazily, when they next play, from `lastPeriodIndex`).
 * - Deterministic regardless of the order of `matches`: matches are processed by id, tied ids sorted, and
 *   players created in id order, so identical inputs always run the same float operations in the same order.
 * - Throws if a player was already rated in this or a later period, which turns a double close of the same
 *   period (e.g. by two workers) into an error instead of a silent second update.
 */
export function closePeriod(
  prior: Ratings,
  periodIndex: number,
  matches: readonly RatedMatch[],
  config: Partial<RatingConfig> = {},
): Map<string, RatingState> {
  if (!Number.isSafeInteger(periodIndex))
    throw new RangeError(`periodIndex must be an integer: ${periodIndex}`);
  const cfg = resolveConfig(config);
  const ordered = orderMatches(matches);

  // A fresh instance per period: updateRatings also applies RD growth to every player it holds that had no
  // result, so reusing one instance across periods would age idle players by the wrong amount.
  const system = new glicko2.Glicko2({ tau: cfg.tau, rating: cfg.rating, rd: cfg.rd, vol: cfg.vol });
  // Plain loops rather than flat()/flatMap(): those are several times slower in V8, and this runs for
  // every seat of every match when a million-match log is recomputed.
  const games = new Map<string, number>();
  const wins = new Map<string, number>();
  for (const match of ordered) {
    for (const place of match.ranking) for (const id of place) games.set(id, (games.get(id) ?? 0) + 1);
    for (const id of winnersOf(match.ranking)) wins.set(id, (wins.get(id) ?? 0) + 1);
  }
  const ids = [...games.keys()].sort(compareIds);
  const players = new Map<string, Player>();
  for (const id of ids) {
    const before = prior.get(id);
    if (before && before.lastPeriodIndex >= periodIndex) {
      throw new Error(`agent ${id} was already rated in period ${before.lastPeriodIndex} >= ${periodIndex}`);
    }
    // makePlayer maps falsy arguments (e.g. a rating of 0) to defaults, so values are set explicitly.
    const player = system.makePlayer();
    player.setRating(before ? before.rating : cfg.rating);
    player.setRd(
      before ? idleRd(before.rd, before.vol, idlePeriodsBefore(before, periodIndex), cfg.rd) : cfg.rd,
    );
    player.setVol(before ? before.vol : cfg.vol);
    players.set(id, player);
  }

  const results: Match<Player>[] = [];
  for (const match of ordered) {
    const seats = match.ranking.map((place) => place.map((id) => lookup(players, id)));
    for (const pair of system.makeRace(seats).getMatches()) results.push(pair);
  }
  system.updateRatings(results);

  const updated = new Map<string, RatingState>();
  for (const id of ids) {
    const player = lookup(players, id);
    const before = prior.get(id);
    const next: RatingState = {
      rating: player.getRating(),
      // Glicko-2 can leave a barely-informative period's RD a hair above its starting value (step 6 adds
      // sigma^2 before step 7 shrinks it); the cap keeps "new player" the least certain a player can be.
      rd: Math.min(player.getRd(), cfg.rd),
      vol: player.getVol(),
      lastPeriodIndex: periodIndex,
      games: (before?.games ?? 0) + (games.get(id) ?? 0),
      wins: (before?.wins ?? 0) + (wins.get(id) ?? 0),
    };
    if (!(Number.isFinite(next.rating) && Number.isFinite(next.vol) && next.rd > 0)) {
      // Storing NaN would poison every later opponent; failing loudly keeps the log recomputable once fixed.
      throw new Error(`period ${periodIndex}: non-finite rating for agent ${id}: ${JSON.stringify(next)}`);
    }
    updated.set(id, next);
  }
  return updated;
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

function lookup(players: ReadonlyMap<string, Player>, id: string): Player {
  const player = players.get(id);
  if (!player) throw new Error(`internal: no player for agent ${id}`);
  return player;
}
