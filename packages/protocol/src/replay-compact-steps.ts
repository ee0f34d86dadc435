import { defaultAction, legalActions, matchLegal } from '@coup/engine';
import type { GameState } from '@coup/engine';
import { decisionId, parseDecisionId } from './decision';
import type { ReplayStep } from './replay';
import type { CompactWalk } from './replay-compact-walk';

// The steps of a compact replay (replay-compact.ts), column by column: what cannot be derived (the seat,
// when the request was built and sent, how long the answer took, which legal action it was) is kept as
// small numbers, one column per field, which brotli packs far better than the objects; everything the
// engine re-derives (decision id, phase, turn, the action applied) is left out. A value that differs from
// what is derived is kept as it is in `raw`, and a step that does not fit the pattern at all in `whole`:
// compaction never fails for want of a rule, it only gets larger.

export interface CompactSteps {
  /** The attempt decision ids name (null: ids recorded before they carried one, `${matchId}.${round}.${seat}`). */
  attempt: number | null;
  /** The distinct key lists of the steps, in their order (JSON key order is kept exactly). */
  shapes: string[][];
  /** By step: its key list's index in `shapes`; -1 for a step kept whole. */
  shape: number[];
  /** By step: its seat. */
  seat: number[];
  /** By decision step: stateIndex minus the previous decision step's (the first's minus 0). */
  stateIndex: number[];
  /** By decision step: requestedAt minus the previous decision step's (the first's minus startedAt). */
  requestedAt: number[];
  /** By decision step: latencyMs in thousandths of a millisecond (the runner rounds it so). */
  latency: number[];
  /** By decision step: the answer's index in the legal actions of the state asked; -1 for null. */
  answer: number[];
  /** By step index, then key: the values that differ from what is derived. */
  raw: Record<string, Record<string, unknown>>;
  /** By step index: steps kept as they are. */
  whole: Record<string, unknown>;
}

const DECISION_KEYS = new Set([
  'kind',
  'decisionId',
  'seat',
  'phase',
  'turn',
  'stateIndex',
  'requestedAt',
  'latencyMs',
  'answer',
  'comment',
  'applied',
  'fault',
  'unused',
  'llm',
]);
const FORFEIT_KEYS = new Set(['kind', 'seat', 'reason']);
const NONE = -2;

const same = (a: unknown, b: unknown): boolean => a === b || JSON.stringify(a) === JSON.stringify(b);
type Obj = Record<string, unknown>;

/** The header fields the steps are derived with. */
export interface StepContext {
  matchId: string;
  startedAt: unknown;
  seats: number;
}

/** Rounds of decision ids: a round is asked once per engine transition at most, so rank the stateIndexes. */
function roundsOf(stateIndexes: readonly number[]): Map<number, number> {
  const sorted = [...new Set(stateIndexes)].sort((a, b) => a - b);
  return new Map(sorted.map((si, round) => [si, round]));
}

const idOf = (ctx: StepContext, attempt: number | null, round: number, seat: number) =>
  attempt === null ? `${ctx.matchId}.${round}.${seat}` : decisionId(ctx.matchId, round, seat, attempt);

/** A step the columns can hold: a decision or a forfeit with known keys, a seat and a reached stateIndex. */
function fits(step: unknown, ctx: StepContext, walk: CompactWalk): step is Obj {
  if (typeof step !== 'object' || step === null || Array.isArray(step)) return false;
  const s = step as Obj;
  const keys = s.kind === 'decision' ? DECISION_KEYS : s.kind === 'forfeit' ? FORFEIT_KEYS : null;
  if (!keys || !Object.keys(s).every((k) => keys.has(k))) return false;
  if (!Number.isInteger(s.seat) || (s.seat as number) < 0 || (s.seat as number) >= ctx.seats) return false;
  // A forfeit has all three keys (expansion tells it by its `reason`); a decision its seat and state.
  if (s.kind === 'forfeit') return Object.keys(s).length === FORFEIT_KEYS.size;
  const si = s.stateIndex;
  return Number.isInteger(si) && (si as number) >= 0 && (si as number) <= walk.transitions;
}

/**
 * The fields of a decision step that are derived: from the state asked, the state met, and the fields kept
 * (answer, fault, unused). Compaction and expansion both call this, so they derive alike.
 */
function derived(
  asked: GameState,
  before: GameState,
  step: Obj,
  round: number,
  ctx: StepContext,
  attempt: number | null,
): Obj {
  const seat = step.seat as number;
  let applied: unknown = null;
  if (!('unused' in step)) {
    applied = step.fault ? defaultAction(before, seat) : matchLegal(legalActions(before, seat), step.answer);
  }
  return {
    kind: 'decision',
    decisionId: idOf(ctx, attempt, round, seat),
    phase: asked.phase,
    turn: asked.turn,
    applied,
    fault: null,
    unused: true,
  };
}

/** Thousandths when they give the number back exactly, else null. */
function thousandths(v: unknown): number | null {
  if (typeof v !== 'number') return null;
  const n = Math.round(v * 1000);
  return Number.isSafeInteger(n) && n / 1000 === v && !Object.is(v, -0) ? n : null;
}

export function compactSteps(steps: readonly unknown[], ctx: StepContext, walk: CompactWalk): CompactSteps {
  const out: CompactSteps = {
    attempt: 1,
    shapes: [],
    shape: [],
    seat: [],
    stateIndex: [],
    requestedAt: [],
    latency: [],
    answer: [],
    raw: {},
    whole: {},
  };
  const shapeIds = new Map<string, number>();
  const firstId = steps.find((s): s is Obj => (s as Obj | null)?.kind === 'decision')?.decisionId;
  const parsed = typeof firstId === 'string' ? parseDecisionId(firstId, ctx.matchId) : null;
  if (parsed) out.attempt = parsed.attempt;
  // Rounds need every decision's stateIndex up front (expansion has them all before its first step too).
  const rounds = roundsOf(steps.flatMap(decisionIndex));
  let prevIndex = 0;
  let prevAt = typeof ctx.startedAt === 'number' ? ctx.startedAt : 0;
  steps.forEach((step, i) => {
    if (!fits(step, ctx, walk)) {
      out.shape.push(-1);
      out.seat.push(0);
      out.whole[i] = step;
      walk.step(step as ReplayStep);
      return;
    }
    const keys = Object.keys(step);
    const key = keys.join(',');
    let id = shapeIds.get(key);
    if (id === undefined) shapeIds.set(key, (id = out.shapes.push(keys) - 1));
    out.shape.push(id);
    out.seat.push(step.seat as number);
    const raw: Obj = {};
    if (step.kind === 'forfeit') {
      if (step.reason !== 'too_many_faults') raw.reason = step.reason;
    } else {
      const si = step.stateIndex as number;
      out.stateIndex.push(si - prevIndex);
      prevIndex = si;
      if (Number.isSafeInteger(step.requestedAt)) {
        out.requestedAt.push((step.requestedAt as number) - prevAt);
        prevAt = step.requestedAt as number;
      } else {
        out.requestedAt.push(0);
        raw.requestedAt = step.requestedAt;
      }
      const lat = thousandths(step.latencyMs);
      out.latency.push(lat ?? 0);
      if (lat === null) raw.latencyMs = step.latencyMs;
      const asked = walk.asked(si);
      const answer = answerIndex(legalActions(asked, step.seat as number), step.answer);
      out.answer.push(answer);
      if (answer === NONE) raw.answer = step.answer;
      const d = derived(asked, walk.current, step, rounds.get(si) as number, ctx, out.attempt);
      for (const k of keys) {
        if (k === 'comment' || k === 'llm') raw[k] = step[k];
        else if (k in d && !same(d[k], step[k])) raw[k] = step[k];
      }
    }
    if (Object.keys(raw).length > 0) out.raw[i] = raw;
    walk.step(step as ReplayStep);
  });
  return out;
}

/** A decision step's stateIndex, as a list of none or one (for flatMap). */
function decisionIndex(step: unknown): number[] {
  const o = step as Obj | null;
  return o?.kind === 'decision' && Number.isInteger(o.stateIndex) ? [o.stateIndex as number] : [];
}

function answerIndex(legal: readonly unknown[], answer: unknown): number {
  if (answer === null) return -1;
  if (typeof answer !== 'object') return NONE;
  const text = JSON.stringify(answer);
  const i = legal.findIndex((a) => JSON.stringify(a) === text);
  return i >= 0 ? i : NONE;
}

/** The steps back, re-run one by one through `walk`. */
export function expandSteps(c: CompactSteps, ctx: StepContext, walk: CompactWalk): ReplayStep[] {
  const steps: ReplayStep[] = [];
  const indexes: number[] = [];
  let si = 0;
  for (const d of c.stateIndex) indexes.push((si += d));
  const rounds = roundsOf([...indexes, ...Object.values(c.whole).flatMap(decisionIndex)]);
  let j = 0;
  let prevAt = typeof ctx.startedAt === 'number' ? ctx.startedAt : 0;
  c.shape.forEach((shape, i) => {
    if (shape === -1) {
      const whole = c.whole[i] as ReplayStep;
      steps.push(whole);
      walk.step(whole);
      return;
    }
    const keys = c.shapes[shape];
    if (!keys) throw new Error(`compact replay: step ${i} has no shape ${shape}`);
    const raw = c.raw[i] ?? {};
    const seat = c.seat[i] as number;
    const step: Obj = {};
    if (keys.includes('reason')) {
      const d: Obj = { kind: 'forfeit', seat, reason: 'too_many_faults' };
      for (const k of keys) step[k] = k in raw ? raw[k] : d[k];
    } else {
      const stateIndex = indexes[j] as number;
      const at = 'requestedAt' in raw ? raw.requestedAt : (prevAt += c.requestedAt[j] as number);
      const latencyMs = 'latencyMs' in raw ? raw.latencyMs : (c.latency[j] as number) / 1000;
      const asked = walk.asked(stateIndex);
      const a = c.answer[j] as number;
      const answer = 'answer' in raw ? raw.answer : a === -1 ? null : legalActions(asked, seat)[a];
      j++;
      const kept: Obj = { seat, stateIndex, requestedAt: at, latencyMs, answer };
      // The derivation reads the kept fields: fault and unused first (they decide `applied`).
      const probe: Obj = { seat, answer, fault: 'fault' in raw ? raw.fault : null };
      if (keys.includes('unused')) probe.unused = true;
      const d = derived(asked, walk.current, probe, rounds.get(stateIndex) as number, ctx, c.attempt);
      for (const k of keys) step[k] = k in raw ? raw[k] : k in kept ? kept[k] : d[k];
    }
    steps.push(step as ReplayStep);
    walk.step(step as ReplayStep);
  });
  return steps;
}
