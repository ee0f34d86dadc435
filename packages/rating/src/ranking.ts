import type { Ranking } from './types.ts';

/** Code-unit order: unlike localeCompare it cannot vary with the host's locale data. */
export function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Throws unless the ranking is usable for rating: no empty place, no agent twice, at least two agents.
 * A one-agent "match" has no pairwise results, and Glicko-2 would then only inflate that agent's RD.
 */
export function assertValidRanking(ranking: Ranking, matchId = '?'): void {
  const seen = new Set<string>();
  for (const place of ranking) {
    if (place.length === 0) throw new Error(`match ${matchId}: ranking has an empty place`);
    for (const id of place) {
      if (seen.has(id)) throw new Error(`match ${matchId}: agent ${id} appears twice in the ranking`);
      seen.add(id);
    }
  }
  if (seen.size < 2) throw new Error(`match ${matchId}: a rated ranking needs at least two agents`);
}

/**
 * Sorts the ids inside each place. Tied agents are interchangeable, but the order of pairwise results
 * decides the order of floating-point sums, so it must not depend on how a place happened to be listed.
 * Returns the input itself when it is already canonical (the common case), to spare a million copies.
 */
export function canonicalRanking(ranking: Ranking): Ranking {
  return ranking.every(isSorted) ? ranking : ranking.map((place) => [...place].sort(compareIds));
}

function isSorted(place: readonly string[]): boolean {
  for (let i = 1; i < place.length; i++) {
    if (compareIds(place[i - 1] ?? '', place[i] ?? '') > 0) return false;
  }
  return true;
}

/** First place counts as a win, whether held alone or shared with tied agents. */
export function winnersOf(ranking: Ranking): readonly string[] {
  return ranking[0] ?? [];
}
