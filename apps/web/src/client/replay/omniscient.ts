import { DEFAULT_RULESET } from '@coup/engine';
import type { GameState } from '@coup/engine';
import type { DecisionStep, Replay } from '@coup/protocol';
import { decisionOutcome, notRerunnable, replayStart, replaySteps } from '@coup/protocol/replay-steps';
import { activeSeats, eventsByTurn } from './model';
import type { DecisionView, Frame, ReplayModel, SeatView } from './model';
import { foldFrames } from './fold';
import { claimOf, heldFaceDown, markBluff } from './bluffs';
import type { BluffMarks } from './bluffs';

// The omniscient replay re-run by the engine in the browser: the seed deals the same cards, and every
// recorded step is applied again, so each turn's frame shows every card exactly as it was.

const seatsOf = (s: GameState): SeatView[] =>
  s.players.map((p, seat) => ({
    seat,
    coins: p.coins,
    cards: p.cards.map((c) => ({ role: c.role, revealed: c.revealed })),
    eliminated: p.eliminated,
  }));

function base(r: Replay): Omit<ReplayModel, 'frames' | 'bluffs'> {
  const players = [...r.players].sort((a, b) => a.seat - b.seat);
  return {
    viewer: null,
    names: players.map((p) => p.name),
    agentIds: players.map((p) => p.agentId),
    ranking: r.ranking,
    results: r.results,
    seedCommitment: r.seedCommitment,
    seed: r.seed,
    engineVersion: r.engineVersion,
    rulesetVersion: r.rulesetVersion,
    ruleset: r.ruleset ?? DEFAULT_RULESET,
    timeoutMs: r.timeoutMs,
    seatTimeoutMs: players.map((p) => p.timeoutMs),
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
  };
}

export function decisionView(step: DecisionStep): DecisionView {
  return { seat: step.seat, phase: step.phase, ...decisionOutcome(step) };
}

function rerun(r: Replay): { frames: Frame[]; bluffs: BluffMarks } {
  // Re-run as the engine version that recorded it played (its seeding included); an unknown version
  // throws, and the events-only model below is shown instead.
  const start = replayStart(r);
  const deal: Frame = {
    turn: null,
    activeSeat: null,
    seats: seatsOf(start),
    deckSize: start.deck.length,
    events: [],
    decisions: [],
    forfeits: [],
  };
  const endOf = new Map<number, GameState>();
  const decisions = new Map<number, DecisionView[]>();
  const forfeits = new Map<number, Frame['forfeits']>();
  const push = <T>(m: Map<number, T[]>, k: number, v: T) => m.set(k, [...(m.get(k) ?? []), v]);
  const bluffs: BluffMarks = new Map();
  /** The events of the steps re-run so far: where the next step's events start in r.events. */
  let emitted = 0;

  for (const run of replaySteps(r, start)) {
    const { step, before } = run;
    const from = emitted;
    emitted += run.events.length;
    if (step.kind === 'decision') {
      const view = decisionView(step);
      // The hidden state the decision was asked in tells a bluff from a true claim (as seat-stats counts).
      const claim = run.transition && !step.fault ? claimOf(step.phase, step.applied, start.ruleset) : null;
      if (claim && !heldFaceDown(before.players[step.seat]?.cards, claim)) {
        view.bluff = claim;
        markBluff(bluffs, r.events, from, step.seat, claim);
      }
      push(decisions, step.turn, view);
    }
    if (run.rejected) throw notRerunnable(run);
    if (!run.transition) continue;
    // A forfeit belongs to the turn it happened in; a decision to the turn it was asked in.
    const turn = step.kind === 'decision' ? step.turn : before.turn;
    if (step.kind === 'forfeit') push(forfeits, turn, { seat: step.seat, reason: step.reason });
    endOf.set(turn, run.after);
  }

  const events = eventsByTurn(r.events);
  const active = activeSeats(r.events, start.activeSeat);
  const turns = [...new Set([...events.keys(), ...endOf.keys(), ...decisions.keys()])].sort((a, b) => a - b);
  const frames: Frame[] = [deal];
  let last = deal;
  for (const turn of turns) {
    const end = endOf.get(turn);
    const frame: Frame = {
      turn,
      activeSeat: active.get(turn) ?? null,
      seats: end ? seatsOf(end) : last.seats,
      deckSize: end ? end.deck.length : last.deckSize,
      events: events.get(turn) ?? [],
      decisions: decisions.get(turn) ?? [],
      forfeits: forfeits.get(turn) ?? [],
    };
    frames.push(frame);
    last = frame;
  }
  return { frames, bluffs };
}

export function omniscientModel(r: Replay): ReplayModel {
  try {
    return { ...base(r), ...rerun(r) };
  } catch (err) {
    // An older engine's replay: show what the events say (revealed cards only) rather than nothing.
    const steps = r.steps.filter((s) => s.kind === 'decision');
    return {
      ...base(r),
      frames: foldFrames({
        players: r.players.length,
        events: r.events,
        decisions: steps.map((s) => ({ turn: s.turn, view: decisionView(s) })),
        firstSeat: null,
      }),
      bluffs: new Map(),
      warning: `This replay could not be re-run here (${(err as Error).message}); face-down cards are not shown.`,
    };
  }
}
