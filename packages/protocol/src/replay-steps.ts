import {
  DEFAULT_RULESET,
  applyAction,
  createGame,
  forfeit,
  isEngineVersion,
  isRulesetId,
  unknownEngineVersion,
  unknownRuleset,
} from '@coup/engine';
import type { EngineError, GameEvent, GameState } from '@coup/engine';
import type { DecisionStep, Replay, ReplayStep } from './replay';

// The one re-run of a replay: the engine version that recorded it deals again from the seed (or setup),
// and every recorded step is applied in order. The verifier, seat statistics, seat replays, the CLI and
// the web viewer all walk a replay through here, so a change to how replays re-run is made once.
// Imports nothing from Node: the web viewer bundles it (@coup/protocol/replay-steps).

/** What a re-run reads of a replay. */
export type RerunnableReplay = Pick<Replay, 'players' | 'seed' | 'setup' | 'engineVersion' | 'steps'> &
  Partial<Pick<Replay, 'ruleset'>>;

/** A replay that cannot be re-run; `at` names where (`engineVersion`, `setup`, `steps[i]`). */
export class ReplayRerunError extends Error {
  constructor(
    readonly at: string,
    message: string,
  ) {
    super(message);
    this.name = 'ReplayRerunError';
  }
}

/** One recorded step, re-run. */
export interface ReplayStepRun {
  /** The step's index in `replay.steps`. */
  index: number;
  step: ReplayStep;
  /** The state the step met: the one its decision was asked in, or later for a late answer. */
  before: GameState;
  /** The state after the step; `before` itself when nothing was applied or the engine refused it. */
  after: GameState;
  /** The engine's events for this step (omniscient), in order. */
  events: GameEvent[];
  /**
   * Whether the step is an engine transition: an applied decision or a forfeit. A request's
   * `stateIndex` counts the transitions before it; unused decisions (and ones that applied nothing)
   * are not transitions.
   */
  transition: boolean;
  /** The engine's refusal of the step: the replay does not re-run past it, and this is the last run. */
  rejected: EngineError | null;
}

/**
 * The game before the first step, dealt as the replay's engine version dealt it, by the replay's ruleset
 * (`original` for replays recorded before rulesets were named). Throws a ReplayRerunError for an engine
 * version or a ruleset this engine does not know, or an invalid setup.
 */
export function replayStart(replay: RerunnableReplay): GameState {
  if (!isEngineVersion(replay.engineVersion)) {
    throw new ReplayRerunError('engineVersion', unknownEngineVersion(replay.engineVersion));
  }
  const ruleset: unknown = replay.ruleset ?? DEFAULT_RULESET;
  if (!isRulesetId(ruleset)) throw new ReplayRerunError('ruleset', unknownRuleset(ruleset));
  try {
    return createGame({
      players: replay.players.length,
      seed: replay.seed,
      setup: replay.setup,
      engineVersion: replay.engineVersion,
      ruleset,
    });
  } catch (err) {
    throw new ReplayRerunError('setup', err instanceof Error ? err.message : String(err));
  }
}

/**
 * Re-runs the replay step by step from `start` (default replayStart(replay), which throws on the first
 * iteration for an unknown engine version or setup). A step the engine refuses is yielded with
 * `rejected` set, and the iteration ends there: each caller decides whether that is an error.
 */
export function* replaySteps(
  replay: RerunnableReplay,
  start: GameState = replayStart(replay),
): Generator<ReplayStepRun, void, undefined> {
  let state = start;
  for (let index = 0; index < replay.steps.length; index++) {
    const step = replay.steps[index]!;
    const before = state;
    const still = { index, step, before, after: before, events: [], transition: false, rejected: null };
    if (step.kind === 'forfeit') {
      const out = forfeit(before, step.seat);
      state = out.state;
      yield { ...still, after: state, events: out.events, transition: true };
    } else if (step.unused || step.applied === null) {
      yield still;
    } else {
      const out = applyAction(before, step.seat, step.applied);
      if (!out.ok) {
        yield { ...still, rejected: out.error };
        return;
      }
      state = out.state;
      yield { ...still, after: state, events: out.events, transition: true };
    }
  }
}

/** The error for a step the engine refused, for callers that cannot go on without it. */
export function notRerunnable(run: ReplayStepRun): ReplayRerunError {
  const at = `steps[${run.index}]`;
  return new ReplayRerunError(at, `the replay does not re-run at ${at}: ${run.rejected?.message}`);
}

/** What became of one recorded decision, as the seat replays and the viewers show it. */
export type DecisionOutcome = Pick<DecisionStep, 'answer' | 'latencyMs' | 'applied' | 'fault'> &
  Partial<Pick<DecisionStep, 'comment' | 'unused' | 'llm'>>;

/** The outcome of a decision step, with `comment`, `unused` and `llm` only when the step has them. */
export function decisionOutcome(step: DecisionStep): DecisionOutcome {
  const d: DecisionOutcome = {
    answer: step.answer,
    latencyMs: step.latencyMs,
    applied: step.applied,
    fault: step.fault,
  };
  if (step.comment !== undefined) d.comment = step.comment;
  if (step.unused) d.unused = true;
  if (step.llm) d.llm = step.llm;
  return d;
}
