import { BLOCK_OUTCOMES, GameCounts, MODEL_GAME_TYPES, distribution, modelFile } from '@coup/bots';
import type { ModelGameType, PeopleModelFile, TableCounts } from '@coup/bots';
import type { DecodedGame } from '@coup/archive-format';
import { countGame } from './decisions';
import type { UnknownBlock } from './decisions';

// Fits the `people` model (@coup/bots) on a human dataset: the games are added one at a time (counters
// only, so a fit over the whole archive streams in flat memory), then model() writes the file. Only the
// decisions of people (seats not marked "ai") are counted, per game type.
//
// A foreign-aid block whose blocker the record does not name (most of them before 2020: see
// docs/ARCHIVE.md "Who blocked") is shared out among the seats that could have made it, in proportion to
// how likely each was to block in its situation, re-estimated over a few rounds (an EM: the first round
// reads the blocks whose blocker is named). Identical cases are kept once with a count.

export interface PeopleFitOptions {
  /** What the model was fitted on, written into the file. */
  description?: string;
  /** Pseudo-counts toward the coarser level (default 4). */
  smoothing?: number;
  /** Rows of the finer levels with less weight are left out of the file (default 1). */
  minWeight?: number;
  /** The most the model file may take: the rarest contexts are left out until it fits (default 300 KB). */
  maxBytes?: number;
  /** Rounds of sharing out unnamed blockers (default 5). */
  rounds?: number;
  /** When the fit was made (ISO date); default now. */
  fittedAt?: string;
}

export class PeopleFitter {
  private readonly counts: Partial<Record<ModelGameType, GameCounts>> = {};
  private readonly unknown: Partial<Record<ModelGameType, Map<string, { block: UnknownBlock; n: number }>>> =
    {};
  games = 0;
  gamesWithPeople = 0;
  decisions = 0;

  constructor(private readonly opts: PeopleFitOptions = {}) {}

  /** Counts a game's people's decisions (a game with no person is counted as a game only). */
  add(game: DecodedGame): void {
    this.games++;
    const withPeople = game.playerIds.length < game.playerCount || game.playerIds.some((id) => id !== 'ai');
    if (!withPeople) return;
    this.gamesWithPeople++;
    const type = game.gameType;
    const counts = (this.counts[type] ??= new GameCounts());
    const unknown = (this.unknown[type] ??= new Map());
    const r = countGame(game, counts, (block) => {
      const key = JSON.stringify(block);
      const seen = unknown.get(key);
      if (seen) seen.n++;
      else unknown.set(key, { block, n: 1 });
    });
    this.decisions += r.decisions;
  }

  /** The model file of the games added so far (`over`: options known only now, e.g. the description). */
  model(over: PeopleFitOptions = {}): PeopleModelFile {
    const o = { ...this.opts, ...over };
    const k = o.smoothing ?? 4;
    const games: Partial<Record<ModelGameType, GameCounts>> = {};
    for (const t of MODEL_GAME_TYPES) {
      const c = this.counts[t];
      if (!c) continue;
      const shared = Object.assign(new GameCounts(), c);
      shared.block = shareOut(c.block, [...(this.unknown[t]?.values() ?? [])], o.rounds ?? 5, k);
      games[t] = shared;
    }
    return modelFile(games, {
      description: o.description ?? 'people decisions of a human dataset',
      games: this.games,
      gamesWithPeople: this.gamesWithPeople,
      smoothing: k,
      ...(o.minWeight !== undefined ? { minWeight: o.minWeight } : {}),
      maxBytes: o.maxBytes ?? MAX_BYTES,
      fittedAt: o.fittedAt ?? new Date().toISOString(),
    });
  }
}

const DUKE = BLOCK_OUTCOMES.indexOf('duke');
/** The model file stays small enough to ship in the repository and load at every start. */
const MAX_BYTES = 300 * 1024;

/** The block counts with each unnamed block shared out among its eligible people (see above). */
function shareOut(
  known: TableCounts,
  unknown: readonly { block: UnknownBlock; n: number }[],
  rounds: number,
  k: number,
): TableCounts {
  if (unknown.length === 0) return known;
  let current = known;
  for (let r = 0; r < Math.max(1, rounds); r++) {
    const table = current.compiled();
    const next = known.copy();
    for (const { block, n } of unknown) {
      const p = block.eligible.map((e) => distribution(table, e.keys, k)[DUKE] as number);
      const total = p.reduce((a, b) => a + b, 0);
      block.eligible.forEach((e, i) => {
        if (!e.human) return;
        const w = total > 0 ? (p[i] as number) / total : 1 / block.eligible.length;
        next.add(e.keys, DUKE, n * w);
        next.add(e.keys, 0, n * (1 - w));
      });
    }
    current = next;
  }
  return current;
}

/** Fits a model on a list of games at once (tests, small datasets). */
export function fitPeopleModel(games: Iterable<DecodedGame>, opts: PeopleFitOptions = {}): PeopleModelFile {
  const f = new PeopleFitter(opts);
  for (const g of games) f.add(g);
  return f.model();
}
