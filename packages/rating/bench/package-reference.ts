import glicko2 from 'glicko2';
import type { Match, Player } from 'glicko2';
import { resolveConfig } from '../src/config.ts';
import type { RatingConfig } from '../src/config.ts';
import { idlePeriodsBefore, idleRd } from '../src/idle.ts';
import { canonicalRanking, compareIds, winnersOf } from '../src/ranking.ts';
import type { RatedMatch, RatingState } from '../src/types.ts';

// closePeriod as it was written over the npm glicko2 package (objects per player and per pairwise result):
// the reference glicko2-period.test.ts holds the typed-array port to, bit for bit, and the baseline the
// recompute bench measures against in the same run.

export function referenceClosePeriod(
  prior: ReadonlyMap<string, RatingState>,
  periodIndex: number,
  matches: readonly RatedMatch[],
  config: Partial<RatingConfig> = {},
): Map<string, RatingState> {
  const cfg = resolveConfig(config);
  const ordered = matches
    .map((m) => ({ id: m.id, ranking: canonicalRanking(m.ranking) }))
    .sort((a, b) => compareIds(a.id, b.id));
  const system = new glicko2.Glicko2({ tau: cfg.tau, rating: cfg.rating, rd: cfg.rd, vol: cfg.vol });
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
    const seats = match.ranking.map((place) => place.map((id) => players.get(id) as Player));
    for (const pair of system.makeRace(seats).getMatches()) results.push(pair);
  }
  system.updateRatings(results);
  const updated = new Map<string, RatingState>();
  for (const id of ids) {
    const player = players.get(id) as Player;
    const before = prior.get(id);
    updated.set(id, {
      rating: player.getRating(),
      rd: Math.min(player.getRd(), cfg.rd),
      vol: player.getVol(),
      lastPeriodIndex: periodIndex,
      games: (before?.games ?? 0) + (games.get(id) ?? 0),
      wins: (before?.wins ?? 0) + (wins.get(id) ?? 0),
    });
  }
  return updated;
}
