import type { Role } from '@coup/engine';
import {
  ACTION_OUTCOMES,
  BLOCK_OUTCOMES,
  CHALLENGE_OUTCOMES,
  LEVELS,
  TARGETED_ACTIONS,
  pairKey,
  targetKeys,
} from './features';
import type { TargetCandidate, TargetedAction } from './features';
import { MODEL_FORMAT, MODEL_GAME_TYPES, MODEL_VERSION, formatPeopleModel } from './model';
import type { CompiledTable, GameTablesFile, ModelGameType, PeopleModelFile } from './model';

// The counts a fit accumulates, decision by decision, and the model file they make. The fitter
// (@coup/archive/people) reads people's decisions out of the archive's games and adds them here, keyed
// by features.ts; this side knows nothing of the archive.

/** One table's counts: per level, context key -> weight of each outcome. */
export class TableCounts {
  readonly levels: Map<string, number[]>[];
  decisions = 0;

  constructor(
    readonly outcomes: readonly string[],
    levels: number,
  ) {
    this.levels = Array.from({ length: levels }, () => new Map<string, number[]>());
  }

  /** Adds `weight` to outcome `o` (its index) at every level whose key is known. */
  add(keys: readonly (string | null)[], o: number, weight = 1): void {
    if (weight <= 0) return;
    this.decisions += weight;
    keys.forEach((key, i) => {
      if (key === null) return;
      const level = this.levels[i] as Map<string, number[]>;
      let row = level.get(key);
      if (!row) level.set(key, (row = new Array<number>(this.outcomes.length).fill(0)));
      row[o] = (row[o] as number) + weight;
    });
  }

  /** The counts so far, readable by estimate.ts (shares the maps: read it before adding more). */
  compiled(): CompiledTable {
    return { outcomes: this.outcomes, levels: this.levels };
  }

  copy(): TableCounts {
    const t = new TableCounts(this.outcomes, this.levels.length);
    this.levels.forEach((m, i) => {
      for (const [k, row] of m) t.levels[i]?.set(k, [...row]);
    });
    t.decisions = this.decisions;
    return t;
  }
}

const bump = <K>(m: Map<K, [number, number]>, k: K, a: number, b: number) => {
  const c = m.get(k) ?? [0, 0];
  m.set(k, [c[0] + a, c[1] + b]);
};

/** The counts of one game type. */
export class GameCounts {
  action = new TableCounts(ACTION_OUTCOMES, LEVELS.action);
  challenge = new TableCounts(CHALLENGE_OUTCOMES, LEVELS.challenge);
  block = new TableCounts(BLOCK_OUTCOMES, LEVELS.block);
  target = Object.fromEntries(
    TARGETED_ACTIONS.map((a) => [
      a,
      Array.from({ length: LEVELS.target }, () => new Map<string, [number, number]>()),
    ]),
  ) as Record<TargetedAction, Map<string, [number, number]>[]>;
  targets = 0;
  revealRoles = new Map<Role, [number, number]>();
  revealPairs = new Map<string, [number, number]>();
  reveals = 0;

  /** A targeted action's pick among its candidates. */
  addTarget(action: TargetedAction, candidates: readonly TargetCandidate[], picked: number): void {
    if (candidates.length < 2) return; // no choice to learn from
    this.targets++;
    const levels = this.target[action];
    candidates.forEach((c, i) => {
      targetKeys(c).forEach((key, l) =>
        bump(levels[l] as Map<string, [number, number]>, key, i === picked ? 1 : 0, 1),
      );
    });
  }

  /** A card given up between two different roles `a` and `b`. */
  addReveal(a: Role, b: Role, revealed: Role): void {
    if (a === b || (revealed !== a && revealed !== b)) return;
    this.reveals++;
    bump(this.revealRoles, a, revealed === a ? 1 : 0, 1);
    bump(this.revealRoles, b, revealed === b ? 1 : 0, 1);
    const key = pairKey(a, b);
    const first = key.startsWith(`${revealed}+`);
    bump(this.revealPairs, key, first ? 1 : 0, first ? 0 : 1);
  }
}

export interface ModelFileOptions {
  description: string;
  games: number;
  gamesWithPeople: number;
  /** Pseudo-counts toward the coarser level (default 4). */
  smoothing?: number;
  /** Rows of the finer levels with less weight than this are left out of the file (default 1). */
  minWeight?: number;
  /**
   * The most the file may take (its text, formatPeopleModel): rows of the finer levels are left out, the
   * lightest first (minWeight raised step by step), until it fits. Default: no limit.
   */
  maxBytes?: number;
  fittedAt?: string;
}

const round = (x: number) => Math.round(x * 100) / 100;

function tableFile(t: TableCounts, minWeight: number) {
  const keepAll = t.levels.length - 2; // the two coarsest levels are always kept whole
  return {
    outcomes: [...t.outcomes],
    levels: t.levels.map((m, i) =>
      [...m.entries()]
        .filter(([, row]) => i >= keepAll || row.reduce((a, b) => a + b, 0) >= minWeight)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, row]) => [k, ...row.map(round)] as [string, ...number[]]),
    ),
  };
}

const sortedPairs = <K extends string>(m: Map<K, [number, number]>) =>
  [...m.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, [x, y]]) => [k, round(x), round(y)] as [K, number, number]);

function gameFile(g: GameCounts, minWeight: number): GameTablesFile {
  return {
    action: tableFile(g.action, minWeight),
    challenge: tableFile(g.challenge, minWeight),
    block: tableFile(g.block, minWeight),
    target: Object.fromEntries(
      TARGETED_ACTIONS.map((a) => [a, g.target[a].map((m) => sortedPairs(m))]),
    ) as GameTablesFile['target'],
    reveal: { roles: sortedPairs(g.revealRoles), pairs: sortedPairs(g.revealPairs) },
  };
}

/** The decisions counted per table, over the game types fitted. */
export function decisionCounts(games: Partial<Record<ModelGameType, GameCounts>>): Record<string, number> {
  const out: Record<string, number> = { action: 0, challenge: 0, block: 0, target: 0, reveal: 0 };
  for (const g of Object.values(games)) {
    out.action = (out.action ?? 0) + g.action.decisions;
    out.challenge = (out.challenge ?? 0) + g.challenge.decisions;
    out.block = (out.block ?? 0) + g.block.decisions;
    out.target = (out.target ?? 0) + g.targets;
    out.reveal = (out.reveal ?? 0) + g.reveals;
  }
  for (const k of Object.keys(out)) out[k] = round(out[k] as number);
  return out;
}

/** The model file of these counts (game types with nothing counted are left out). */
export function modelFile(
  games: Partial<Record<ModelGameType, GameCounts>>,
  o: ModelFileOptions,
): PeopleModelFile {
  let file = modelFileAt(games, o, o.minWeight ?? 1);
  if (o.maxBytes === undefined) return file;
  for (let w = Math.max(2, (o.minWeight ?? 1) * 2); formatPeopleModel(file).length > o.maxBytes; w *= 2) {
    file = modelFileAt(games, o, w);
    if (w > 1e9) break;
  }
  return file;
}

function modelFileAt(
  games: Partial<Record<ModelGameType, GameCounts>>,
  o: ModelFileOptions,
  minWeight: number,
): PeopleModelFile {
  const out: PeopleModelFile['games'] = {};
  for (const t of MODEL_GAME_TYPES) {
    const g = games[t];
    const counted =
      g && g.action.decisions + g.challenge.decisions + g.block.decisions + g.targets + g.reveals;
    if (g && counted) out[t] = gameFile(g, minWeight);
  }
  return {
    format: MODEL_FORMAT,
    version: MODEL_VERSION,
    source: {
      description: o.description,
      games: o.games,
      gamesWithPeople: o.gamesWithPeople,
      decisions: decisionCounts(games),
      ...(o.fittedAt ? { fittedAt: o.fittedAt } : {}),
    },
    smoothing: o.smoothing ?? 4,
    games: out,
  };
}
