import { ALL_ROLES } from '@coup/engine';
import type { Role } from '@coup/engine';
import { z } from 'zod';
import { ACTION_OUTCOMES, BLOCK_OUTCOMES, CHALLENGE_OUTCOMES, LEVELS, TARGETED_ACTIONS } from './features';
import type { TargetedAction } from './features';

// The `people` model file (packages/bots/models/people.json, or whatever `coup dataset fit-people --out`
// wrote): conditional frequency tables of people's decisions, counted over a human dataset. Each table is
// a list of levels, finest first (features.ts builds the keys); a row is `[key, ...counts]`, one count per
// outcome (weights: a block whose blocker the record does not name is shared out, see the fitter). Rows
// are arrays, not objects, so the file stays small and a TypeScript import of it stays cheap to type.
// The file is an edge: it is parsed here with zod and checked against the features it was fitted with.

export const MODEL_FORMAT = 'coup-people-model';
/** Bumped whenever features.ts keys or levels change: an older file is refused, not misread. */
export const MODEL_VERSION = 1;
export const MODEL_GAME_TYPES = ['original', 'inquisitors'] as const;
export type ModelGameType = (typeof MODEL_GAME_TYPES)[number];

const count = z.number().finite().min(0);
const row = z.tuple([z.string()]).rest(count);
const table = z.object({ outcomes: z.array(z.string()), levels: z.array(z.array(row)) });
const pairRow = z.tuple([z.string(), count, count]);
const role = z.enum(ALL_ROLES);

const gameTables = z.object({
  action: table,
  challenge: table,
  block: table,
  /** Per targeted action, levels of `[candidate key, times picked, times a candidate]`. */
  target: z.object(
    Object.fromEntries(TARGETED_ACTIONS.map((a) => [a, z.array(z.array(pairRow)).optional()])) as Record<
      TargetedAction,
      z.ZodOptional<z.ZodArray<z.ZodArray<typeof pairRow>>>
    >,
  ),
  /** Cards given up: per role `[role, times revealed, times it could have been]`; per pair of roles the times each was revealed. */
  reveal: z.object({
    roles: z.array(z.tuple([role, count, count])),
    pairs: z.array(pairRow),
  }),
});

export const peopleModelFile = z.object({
  format: z.literal(MODEL_FORMAT),
  version: z.literal(MODEL_VERSION),
  /** What it was fitted on, for people reading the file (not used to decide). */
  source: z.object({
    description: z.string(),
    games: z.number().int().min(0),
    gamesWithPeople: z.number().int().min(0),
    /** People's decisions counted, per table. */
    decisions: z.record(z.string(), z.number().min(0)),
    fittedAt: z.string().optional(),
  }),
  /** Pseudo-counts of a level's prior (the next coarser level) when estimating from a context. */
  smoothing: z.number().positive().max(1000),
  games: z.object({ original: gameTables.optional(), inquisitors: gameTables.optional() }),
});
export type PeopleModelFile = z.infer<typeof peopleModelFile>;
export type GameTablesFile = z.infer<typeof gameTables>;

export interface CompiledTable {
  outcomes: readonly string[];
  /** Finest first: context key -> counts by outcome. */
  levels: Map<string, number[]>[];
}

export interface GameModel {
  action: CompiledTable;
  challenge: CompiledTable;
  block: CompiledTable;
  target: Partial<Record<TargetedAction, Map<string, [number, number]>[]>>;
  reveal: { roles: Map<Role, [number, number]>; pairs: Map<string, [number, number]> };
}

export interface PeopleModel {
  source: PeopleModelFile['source'];
  smoothing: number;
  games: Partial<Record<ModelGameType, GameModel>>;
}

/** A model file that does not parse, or was fitted with other features. */
export class PeopleModelError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PeopleModelError';
  }
}

function compileTable(name: string, t: z.infer<typeof table>, outcomes: readonly string[], levels: number) {
  if (t.outcomes.join() !== outcomes.join())
    throw new PeopleModelError(`${name}: outcomes ${t.outcomes.join(', ')}, expected ${outcomes.join(', ')}`);
  if (t.levels.length !== levels)
    throw new PeopleModelError(`${name}: ${t.levels.length} levels, expected ${levels}`);
  return {
    outcomes,
    levels: t.levels.map((rows, i) => {
      const m = new Map<string, number[]>();
      for (const [key, ...counts] of rows) {
        if (counts.length !== outcomes.length)
          throw new PeopleModelError(`${name}: level ${i} row "${key}" has ${counts.length} counts`);
        m.set(key, counts);
      }
      return m;
    }),
  };
}

function compileGame(type: string, g: GameTablesFile): GameModel {
  const target: GameModel['target'] = {};
  for (const a of TARGETED_ACTIONS) {
    const levels = g.target[a];
    if (!levels) continue;
    if (levels.length !== LEVELS.target)
      throw new PeopleModelError(`${type}.target.${a}: ${levels.length} levels, expected ${LEVELS.target}`);
    target[a] = levels.map((rows) => new Map(rows.map(([k, picked, offered]) => [k, [picked, offered]])));
  }
  return {
    action: compileTable(`${type}.action`, g.action, ACTION_OUTCOMES, LEVELS.action),
    challenge: compileTable(`${type}.challenge`, g.challenge, CHALLENGE_OUTCOMES, LEVELS.challenge),
    block: compileTable(`${type}.block`, g.block, BLOCK_OUTCOMES, LEVELS.block),
    target,
    reveal: {
      roles: new Map(g.reveal.roles.map(([r, revealed, offered]) => [r, [revealed, offered]])),
      pairs: new Map(g.reveal.pairs.map(([k, a, b]) => [k, [a, b]])),
    },
  };
}

/** Parses and checks a model file's JSON; throws PeopleModelError saying what is wrong. */
export function parsePeopleModel(json: unknown): PeopleModel {
  const r = peopleModelFile.safeParse(json);
  if (!r.success) {
    const format = (json as { format?: unknown } | null)?.format;
    const version = (json as { version?: unknown } | null)?.version;
    if (format === MODEL_FORMAT && version !== MODEL_VERSION)
      throw new PeopleModelError(
        `a people model of version ${String(version)}; this bot reads version ${MODEL_VERSION} (refit it)`,
      );
    throw new PeopleModelError(`not a people model: ${z.prettifyError(r.error)}`);
  }
  const f = r.data;
  const games: PeopleModel['games'] = {};
  for (const t of MODEL_GAME_TYPES) {
    const g = f.games[t];
    if (g) games[t] = compileGame(t, g);
  }
  if (!games.original && !games.inquisitors)
    throw new PeopleModelError('a people model with no game type fitted');
  return { source: f.source, smoothing: f.smoothing, games };
}

/** The file's text: JSON with one table row per line (small, and a refit reads well in a diff). */
export function formatPeopleModel(file: PeopleModelFile): string {
  const out = (v: unknown, indent: string): string => {
    if (Array.isArray(v)) {
      if (v.every((x) => x === null || typeof x !== 'object')) return JSON.stringify(v);
      if (v.length === 0) return '[]';
      const inner = indent + ' ';
      return `[\n${v.map((x) => inner + out(x, inner)).join(',\n')}\n${indent}]`;
    }
    if (v && typeof v === 'object') {
      const entries = Object.entries(v).filter(([, x]) => x !== undefined);
      if (entries.length === 0) return '{}';
      const inner = indent + ' ';
      return `{\n${entries.map(([k, x]) => `${inner}${JSON.stringify(k)}: ${out(x, inner)}`).join(',\n')}\n${indent}}`;
    }
    return JSON.stringify(v);
  };
  return `${out(file, '')}\n`;
}
