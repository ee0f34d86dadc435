import { seatNamer } from '@coup/protocol';
import type { Who } from '@coup/protocol';

// What only the CLI's replay views print: latencies, rankings, and seat names from a replay's players.
// Events and actions are put in words by @coup/protocol's describer, as for agents and the web UI.

/** Seats named as in the prompt ("seat 1 (heuristic)"; "you (seat 1)" for `me`). */
export function playerNamer(
  players: readonly { seat: number; name: string }[],
  me: number | null = null,
): Who {
  const names: string[] = [];
  for (const p of players) names[p.seat] = p.name;
  return seatNamer(names, me);
}

export function formatMs(ms: number): string {
  return ms < 10 ? `${ms.toFixed(2)} ms` : ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** "1. seat 1 (heuristic)   2. seat 0 (random), seat 2 (honest)" */
export function describeRanking(ranking: readonly (readonly number[])[], who: Who): string {
  let place = 1;
  return ranking
    .map((tier) => {
      const s = `${place}. ${tier.map((seat) => who(seat)).join(', ')}`;
      place += tier.length;
      return s;
    })
    .join('   ');
}
