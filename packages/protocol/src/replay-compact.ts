import { seedCommitment } from '@coup/random';
import type { Replay } from './replay';
import { sameJson } from './replay-compact-json';
import { compactSteps, expandSteps } from './replay-compact-steps';
import type { CompactSteps, StepContext } from './replay-compact-steps';
import { CompactWalk } from './replay-compact-walk';
import type { DealtReplay } from './replay-compact-walk';

// The compact replay: what a replay holds that the engine cannot re-derive (seed, versions, ruleset,
// players, setup, timeouts, times, and per step the seat, the state it was asked in, when it was asked, how
// long the answer took, which legal action it was, comments, faults, llm records), from which `expandReplay`
// rebuilds the runner's replay object, key for key: JSON.stringify of the expansion is the very text the
// runner's replay serialised to. Everything else (events, ranking, results, decision ids, phases and turns,
// the actions applied) is re-derived by re-running the engine, as `coup replay verify` does.
// A four-seat house-bot match is ~35-55 KB of JSON, ~0.63 KB compacted and brotli-packed
// (`npm run bench -w @coup/db`). Storage (packages/db, replay-pack.ts) keeps the compact form only after
// checking that it expands to the exact text, and the full text otherwise: no rule here has to be complete,
// a replay it does not describe is stored as before.

/** The compact form's own version (stored with it, so a later codec can still read this one). */
export const COMPACT_REPLAY_VERSION = 1 as const;

/** Top-level fields re-derived on expansion: those the re-run gives back exactly are left out. */
const DERIVABLE = ['seedCommitment', 'events', 'ranking', 'results'] as const;

/** The top-level keys in the runner's order (run.ts; `setup` last when the deal was explicit). */
const RUNNER_KEYS = [
  'format',
  'version',
  'matchId',
  'seed',
  'seedCommitment',
  'engineVersion',
  'rulesetVersion',
  'ruleset',
  'protocolVersion',
  'players',
  'timeoutMs',
  'replayUrl',
  'startedAt',
  'finishedAt',
  'steps',
  'events',
  'ranking',
  'results',
];
const RUNNER_KEY_LISTS = [RUNNER_KEYS, [...RUNNER_KEYS, 'setup']];

export interface CompactReplay extends CompactSteps {
  c: typeof COMPACT_REPLAY_VERSION;
  /**
   * The replay's top-level fields in their order; `steps` and the DERIVABLE fields the re-run gives back
   * exactly hold 0 (placeholders: the real values are never 0). Just the values when the keys are the
   * runner's (RUNNER_KEYS, with or without a final `setup`: told apart by the length).
   */
  header: Record<string, unknown> | unknown[];
  /** DERIVABLE fields kept as they are in `header` (the re-run does not give them back). */
  kept?: string[];
}

function context(header: Record<string, unknown>): { ctx: StepContext; walk: CompactWalk } {
  const players = header.players;
  if (!Array.isArray(players) || typeof header.matchId !== 'string') {
    throw new Error('compact replay: players and matchId are needed to re-run it');
  }
  const ctx = { matchId: header.matchId, startedAt: header.startedAt, seats: players.length };
  return { ctx, walk: new CompactWalk(header as unknown as DealtReplay) };
}

/** What the engine derives of the top-level fields, once the steps have been re-run. */
function derive(header: Record<string, unknown>, walk: CompactWalk): Record<string, unknown> {
  return {
    seedCommitment: typeof header.seed === 'string' ? seedCommitment(header.seed) : undefined,
    events: walk.events,
    ranking: walk.ranking(),
    results: walk.results(),
  };
}

/**
 * The compact form of a replay (a runner's Replay, as an object). Throws when it cannot be re-run at all
 * (an unknown engine version, a step the engine refuses): such a replay is stored in full.
 */
export function compactReplay(replay: Replay): CompactReplay {
  const source = replay as unknown as Record<string, unknown>;
  if (!Array.isArray(source.steps)) throw new Error('compact replay: no steps');
  const { ctx, walk } = context(source);
  const steps = compactSteps(source.steps, ctx, walk);
  const want = derive(source, walk);
  const header: Record<string, unknown> = {};
  const kept: string[] = [];
  for (const [k, v] of Object.entries(source)) {
    const derivable = (DERIVABLE as readonly string[]).includes(k);
    const d = derivable && sameJson(want[k], v);
    if (derivable && !d) kept.push(k);
    header[k] = k === 'steps' || d ? 0 : v;
  }
  const keys = Object.keys(header).join(',');
  const positional = RUNNER_KEY_LISTS.some((list) => list.join(',') === keys);
  return {
    c: COMPACT_REPLAY_VERSION,
    header: positional ? Object.values(header) : header,
    ...(kept.length > 0 ? { kept } : {}),
    ...steps,
  };
}

function headerObject(header: CompactReplay['header']): Record<string, unknown> {
  if (!Array.isArray(header)) return header;
  const keys = RUNNER_KEY_LISTS.find((list) => list.length === header.length);
  if (!keys) throw new Error(`compact replay: a header of ${header.length} values`);
  return Object.fromEntries(keys.map((k, i) => [k, header[i]]));
}

/** The replay back from its compact form, fields in the original order. Throws on a malformed form. */
export function expandReplay(compact: CompactReplay): Replay {
  if (compact.c !== COMPACT_REPLAY_VERSION) throw new Error(`compact replay: unknown version ${compact.c}`);
  const header = headerObject(compact.header);
  const { ctx, walk } = context(header);
  const steps = expandSteps(compact, ctx, walk);
  const want = derive(header, walk);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(header)) {
    const derived = (DERIVABLE as readonly string[]).includes(k) && !compact.kept?.includes(k);
    out[k] = k === 'steps' ? steps : derived ? want[k] : v;
  }
  return out as unknown as Replay;
}

/**
 * The codec as storage uses it (packages/db's ReplayCodec): text in, text out. `compact` takes the replay
 * object; storage checks that `expand(compact(replay))` is the replay's JSON text before keeping it.
 */
export const compactReplayCodec = {
  compact: (replay: unknown): string => JSON.stringify(compactReplay(replay as Replay)),
  expand: (text: string): string => JSON.stringify(expandReplay(JSON.parse(text) as CompactReplay)),
};
