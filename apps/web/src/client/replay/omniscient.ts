import { applyAction, createGame, forfeit, isEngineVersion, unknownEngineVersion } from '@coup/engine';
import type { GameState } from '@coup/engine';
import type { Replay } from '@coup/protocol';
import { activeSeats, eventsByTurn } from './model';
import type { DecisionView, Frame, ReplayModel, SeatView } from './model';
import { foldFrames } from './fold';

// The omniscient replay re-run by the engine in the browser: the seed deals the same cards, and every
// recorded step is applied again, so each turn's frame shows every card exactly as it was.

const seatsOf = (s: GameState): SeatView[] =>
  s.players.map((p, seat) => ({
    seat,
    coins: p.coins,
    cards: p.cards.map((c) => ({ role: c.role, revealed: c.revealed })),
    eliminated: p.eliminated,
  }));

function base(r: Replay): Omit<ReplayModel, 'frames'> {
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
    timeoutMs: r.timeoutMs,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
  };
}

export function decisionView(step: Extract<Replay['steps'][number], { kind: 'decision' }>): DecisionView {
  const d: DecisionView = {
    seat: step.seat,
    phase: step.phase,
    latencyMs: step.latencyMs,
    answer: step.answer,
    applied: step.applied,
    fault: step.fault,
  };
  if (step.comment !== undefined) d.comment = step.comment;
  if (step.unused) d.unused = true;
  if (step.llm) d.llm = step.llm;
  return d;
}

function rerun(r: Replay): Frame[] {
  // Re-run as the engine version that recorded it played (its seeding included); an unknown version
  // throws, and the events-only model below is shown instead.
  if (!isEngineVersion(r.engineVersion)) throw new Error(unknownEngineVersion(r.engineVersion));
  let state = createGame({
    players: r.players.length,
    seed: r.seed,
    setup: r.setup,
    engineVersion: r.engineVersion,
  });
  const deal: Frame = {
    turn: null,
    activeSeat: null,
    seats: seatsOf(state),
    deckSize: state.deck.length,
    events: [],
    decisions: [],
    forfeits: [],
  };
  const endOf = new Map<number, GameState>();
  const decisions = new Map<number, DecisionView[]>();
  const forfeits = new Map<number, Frame['forfeits']>();
  const push = <T>(m: Map<number, T[]>, k: number, v: T) => m.set(k, [...(m.get(k) ?? []), v]);
  const firstSeat = state.activeSeat;

  for (const step of r.steps) {
    if (step.kind === 'decision') {
      push(decisions, step.turn, decisionView(step));
      if (step.unused || step.applied === null) continue;
      const res = applyAction(state, step.seat, step.applied);
      if (!res.ok) throw new Error(`the replay does not re-run at ${step.decisionId}: ${res.error.message}`);
      state = res.state;
      endOf.set(step.turn, state);
    } else {
      const turn = state.turn;
      push(forfeits, turn, { seat: step.seat, reason: step.reason });
      state = forfeit(state, step.seat).state;
      endOf.set(turn, state);
    }
  }

  const events = eventsByTurn(r.events);
  const active = activeSeats(r.events, firstSeat);
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
  return frames;
}

export function omniscientModel(r: Replay): ReplayModel {
  try {
    return { ...base(r), frames: rerun(r) };
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
      warning: `This replay could not be re-run here (${(err as Error).message}); face-down cards are not shown.`,
    };
  }
}
