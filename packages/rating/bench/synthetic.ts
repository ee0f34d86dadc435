import { seededRandom } from '@coup/random';
import type { LoggedMatch } from '../src/types.ts';

export interface SyntheticOptions {
  matches: number;
  agents: number;
  seats?: number;
  /** The log spans this many rating periods. */
  periods: number;
  periodMs: number;
  /** Chance that a seat ties with the seat placed just above it. */
  tieRate?: number;
  seed?: number;
}

export interface SyntheticLog {
  log: LoggedMatch[];
  /** Hidden skill per agent id, to check that ratings recover it. */
  strength: Map<string, number>;
}

/**
 * Matches among agents of hidden strength: each seat's performance is strength plus noise, sorted into
 * places, with occasional ties. finishedAt is rounded to whole seconds so that equal timestamps occur and
 * the id tie-break of the sort matters.
 */
export function syntheticLog(options: SyntheticOptions): SyntheticLog {
  const { strength, matches } = syntheticMatches(options);
  return { log: [...matches], strength };
}

/**
 * The same matches, generated one at a time in (finishedAt, id) order, so a million-match log can be
 * streamed through recomputeSorted without being held in memory.
 */
export function syntheticMatches(options: SyntheticOptions): {
  strength: Map<string, number>;
  matches: Generator<LoggedMatch>;
} {
  const { matches, agents, seats = 4, periods, periodMs, tieRate = 0.05, seed = 1 } = options;
  // Seeded: synthetic logs must be identical on every run.
  const rand = seededRandom(seed);
  const ids = Array.from({ length: agents }, (_, i) => `agent-${String(i).padStart(5, '0')}`);
  const strength = new Map(ids.map((id) => [id, rand() * 3] as const));
  const span = periods * periodMs;
  function* generate(): Generator<LoggedMatch> {
    for (let i = 0; i < matches; i++) {
      const chosen = new Set<string>();
      while (chosen.size < seats) chosen.add(ids[Math.floor(rand() * agents)] ?? '');
      const performance = [...chosen]
        .map((id) => ({ id, score: (strength.get(id) ?? 0) + gaussian(rand) }))
        .sort((a, b) => b.score - a.score);
      const ranking: string[][] = [];
      for (const { id } of performance) {
        const last = ranking[ranking.length - 1];
        if (last && rand() < tieRate) last.push(id);
        else ranking.push([id]);
      }
      const finishedAt = Math.floor(((i / matches) * span) / 1000) * 1000;
      yield { id: `match-${String(i).padStart(8, '0')}`, finishedAt, ranking };
    }
  }
  return { strength, matches: generate() };
}

// Box-Muller; only one of the pair is used, which is fine for synthetic data.
function gaussian(rand: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
}
