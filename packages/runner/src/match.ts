import {
  applyAction,
  defaultAction,
  eventsFor,
  forfeit,
  isOver,
  legalActions,
  pendingSeats,
  viewFor,
} from '@coup/engine';
import type { Action, GameEvent, GameState, Phase } from '@coup/engine';
import { buildDecisionRequest, decisionId } from '@coup/protocol';
import type { DecisionStep, Fault, ForfeitStep, ReplayStep } from '@coup/protocol';
import type { MatchAgent } from './agent';
import type { Inflight, LoopOptions, Round } from './loop-types';
import { checkAnswer } from './answer';
import { AgentFault } from './fault';
import { HistoryBook } from './history';

/** Faults of one seat in one match that forfeit it. */
export const MAX_FAULTS = 3;
export type { SpectatorUpdate, DispatchInfo } from './loop-types';

// Aborting with a ready-made reason: the default one is a DOMException, whose stack capture is slow.
const RETIRED = Object.freeze(new Error('decision no longer needed'));
const EXPIRED = Object.freeze(new Error('deadline passed'));
/** The signal of agents that ignore theirs (MatchAgent.ignoresSignal). */
const NEVER = new AbortController().signal;

const WINDOWS: ReadonlySet<Phase> = new Set(['challenge_action', 'block']);
const ms = (x: number): number => Math.round(x * 1000) / 1000;

/**
 * The event-driven match loop: asks every pending seat not yet asked, applies answers in arrival order,
 * turns faults into default actions, forfeits at the 3rd fault and retires requests that became
 * useless. Everything between an answer's arrival and the next dispatch is synchronous and incremental.
 */
export class MatchLoop {
  state: GameState;
  readonly steps: ReplayStep[] = [];
  readonly events: GameEvent[] = [];
  readonly faults: number[];
  readonly forfeited: boolean[];
  /** Engine transitions so far (applied decisions and forfeits). */
  private transitions = 0;
  private round = 0;
  private readonly inflight: (Inflight | null)[];
  private readonly history: HistoryBook;
  /**
   * By seat: history entries the seat has surely received, i.e. those of the last request it answered
   * (delta mode sends from here: a request withdrawn or timed out may never have reached the agent).
   */
  private readonly acked: number[];
  /** By seat: its last answer asked for the whole history (`"history": "full"`) in the next request. */
  private readonly wantsFull: boolean[];
  private readonly names: string[];
  private settle: { resolve: () => void; reject: (e: unknown) => void } | null = null;
  private stopped = false;

  constructor(
    initial: GameState,
    private readonly o: LoopOptions,
  ) {
    this.state = initial;
    const n = o.agents.length;
    this.faults = new Array<number>(n).fill(0);
    this.forfeited = new Array<boolean>(n).fill(false);
    this.inflight = new Array<Inflight | null>(n).fill(null);
    this.history = new HistoryBook(n);
    this.acked = new Array<number>(n).fill(0);
    this.wantsFull = new Array<boolean>(n).fill(false);
    this.names = o.agents.map((a) => a.name);
  }

  /** Plays until the game is over. */
  run(signal?: AbortSignal): Promise<void> {
    const played = new Promise<void>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    if (signal?.aborted) {
      this.fail(signal.reason ?? new Error('aborted'));
      return played;
    }
    // The caller's signal may outlive many matches (a worker's shutdown signal): unhook when done.
    const onAbort = () => this.fail(signal?.reason ?? new Error('aborted'));
    signal?.addEventListener('abort', onAbort, { once: true });
    const unhook = () => signal?.removeEventListener('abort', onAbort);
    played.then(unhook, unhook);
    this.o.onEvent?.({ events: [], state: viewFor(this.state, null) });
    this.guard(() => this.dispatch(null));
    return played;
  }

  private guard(fn: () => void): void {
    if (this.stopped) return;
    try {
      fn();
    } catch (err) {
      this.fail(err);
    }
  }

  private fail(err: unknown): void {
    if (this.stopped) return;
    this.stopRequests();
    this.settle?.reject(err);
  }

  private stopRequests(): void {
    this.stopped = true;
    for (const f of this.inflight) if (f) this.retire(f);
  }

  /** Asks every pending seat that has no request in flight; retires requests that are no longer needed. */
  private dispatch(trigger: number | null): void {
    if (isOver(this.state)) {
      this.stopRequests();
      this.settle?.resolve();
      return;
    }
    const pending = pendingSeats(this.state);
    if (pending.length === 0) throw new Error(`engine waits for nobody in phase ${this.state.phase}`);
    // Requests nobody needs any more are closed now but aborted and recorded only after the next
    // requests are out: aborting tears down a connection, which the agents asked next need not wait for.
    let stale: Inflight[] | null = null;
    for (const f of this.inflight) {
      if (f && !this.isCurrent(f, pending)) {
        this.close(f);
        (stale ??= []).push(f);
      }
    }
    let fresh: number[] | null = null;
    for (const seat of pending) if (!this.inflight[seat]) (fresh ??= []).push(seat);
    if (fresh) this.ask(fresh, trigger);
    if (stale) {
      const now = this.o.clock.mono();
      for (const f of stale) this.dropClosed(f, now);
    }
  }

  /**
   * Asks `seats` at once. Seats with the same deadline share one Round (one timer); a seat that plays at
   * its own deadline (MatchAgent.timeoutMs) gets a Round of its own. Every seat asked here shares the
   * decision round number of its id, whatever its deadline.
   */
  private ask(fresh: number[], trigger: number | null): void {
    const o = this.o;
    const rounds = new Map<number, Round>();
    const id = this.round++;
    const requestedAt = Math.round(o.clock.now());
    for (const seat of fresh) {
      const agent = o.agents[seat] as MatchAgent;
      const timeoutMs = o.seatTimeoutsMs[seat] as number;
      let round = rounds.get(timeoutMs);
      if (!round) {
        round = { timeoutMs, timer: null, members: [], open: 0 };
        rounds.set(timeoutMs, round);
      }
      round.open++;
      const wire = agent.wire;
      // Delta mode: the events since the last request the seat answered; otherwise (or when its last
      // answer asked for it) the whole history.
      const from = wire?.historyMode === 'delta' && !this.wantsFull[seat] ? (this.acked[seat] as number) : 0;
      this.wantsFull[seat] = false;
      const req = buildDecisionRequest({
        state: this.state,
        seat,
        matchId: o.matchId,
        decisionId: decisionId(o.matchId, id, seat, o.attempt),
        deadline: requestedAt + timeoutMs,
        timeoutMs,
        names: this.names,
        history: this.history.snapshot(seat, from),
        historyFrom: from,
        // The prompt describes the whole current turn, which a delta may start in the middle of.
        promptHistory: from > 0 ? this.history.view(seat) : undefined,
        strategyPrompt: o.strategyPrompts[seat],
        wire,
      });
      const f: Inflight = {
        seat,
        decisionId: req.decisionId,
        phase: this.state.phase,
        turn: this.state.turn,
        stateIndex: this.transitions,
        requestedAt,
        sentMono: 0,
        // An agent that ignores its signal (in-process bots) gets one that never aborts: no controller.
        controller: agent.ignoresSignal ? null : new AbortController(),
        round,
        done: false,
        grace: null,
        report: {},
        historyEnd: this.history.size(seat),
      };
      round.members.push(f);
      this.inflight[seat] = f;
      let answer: Promise<unknown>;
      f.sentMono = o.clock.mono();
      try {
        answer = agent.decide(req, f.controller?.signal ?? NEVER, f.report);
      } catch (err) {
        answer = Promise.reject(err);
      }
      const sent = o.clock.mono();
      o.onDispatch?.({
        decisionId: f.decisionId,
        seat,
        overheadMs: trigger === null ? null : sent - trigger,
      });
      Promise.resolve(answer).then(
        (body) => {
          this.received(f, body);
          return f.done ? this.settled(f) : this.guard(() => this.onAnswer(f, body, null));
        },
        (err: unknown) => (f.done ? this.settled(f) : this.guard(() => this.onAnswer(f, undefined, err))),
      );
    }
    // One deadline per Round, whatever each transport does with its signal.
    for (const round of rounds.values()) {
      round.timer = setTimeout(() => this.guard(() => this.onDeadline(round)), round.timeoutMs);
    }
  }

  /** A request still asks the right question: same state, or the same window still waiting for the seat. */
  private isCurrent(f: Inflight, pending: readonly number[]): boolean {
    if (f.stateIndex === this.transitions) return true;
    const s = this.state;
    return WINDOWS.has(f.phase) && s.phase === f.phase && s.turn === f.turn && pending.includes(f.seat);
  }

  private close(f: Inflight): void {
    f.done = true;
    if (this.inflight[f.seat] === f) this.inflight[f.seat] = null;
    if (--f.round.open === 0 && f.round.timer) clearTimeout(f.round.timer);
  }

  /** Drops a request nobody needs any more: aborted, recorded as unused, never a fault. */
  private retire(f: Inflight): void {
    if (f.done) return;
    this.close(f);
    this.dropClosed(f, this.o.clock.mono());
  }

  /**
   * The runner stops waiting at once; the transport is aborted a moment later unless the answer lands
   * first. Over HTTP an abort tears the keep-alive connection down and the agent's next request pays for
   * a new one, while an instant agent's answer is usually already on its way.
   */
  private dropClosed(f: Inflight, at: number): void {
    this.record(f, this.step(f, at, null, null, null, true));
    const grace = this.stopped ? 0 : this.o.abortGraceMs;
    const controller = f.controller;
    if (!controller) return;
    if (grace <= 0) controller.abort(RETIRED);
    else f.grace = setTimeout(() => controller.abort(RETIRED), grace);
  }

  /**
   * An answer arrived, so the agent received the request and its history: the seat's next delta starts
   * after it. An answer may ask for the whole history next time (an agent that lost its memory).
   */
  private received(f: Inflight, body: unknown): void {
    const seat = f.seat;
    if (f.historyEnd > (this.acked[seat] as number)) this.acked[seat] = f.historyEnd;
    if (typeof body === 'object' && body !== null && (body as { history?: unknown }).history === 'full') {
      this.wantsFull[seat] = true;
    }
  }

  /** A retired request settled by itself: nothing left to abort. */
  private settled(f: Inflight): void {
    if (f.grace) clearTimeout(f.grace);
    f.grace = null;
  }

  private onDeadline(round: Round): void {
    const now = this.o.clock.mono();
    const late = round.members.filter((f) => !f.done).sort((a, b) => a.seat - b.seat);
    for (const f of late) {
      if (f.done) continue; // retired by an earlier default in this loop
      const fault = new AgentFault('timeout', `no answer within ${round.timeoutMs} ms`);
      this.onAnswer(f, undefined, fault, now);
      f.controller?.abort(EXPIRED);
    }
  }

  private onAnswer(f: Inflight, body: unknown, err: unknown, at?: number): void {
    if (f.done) return;
    const arrival = at ?? this.o.clock.mono();
    this.close(f);
    const seat = f.seat;
    const legal = legalActions(this.state, seat);
    let fault: Fault | null = null;
    let raw: unknown = null;
    let comment: string | undefined;
    let applied: Action | null = null;
    if (err !== null && err !== undefined) {
      fault =
        err instanceof AgentFault
          ? { reason: err.reason, message: err.message }
          : { reason: 'transport_error', message: err instanceof Error ? err.message : String(err) };
    } else {
      const checked = checkAnswer(body, legal);
      raw = checked.raw;
      if (checked.ok) {
        applied = checked.action;
        comment = checked.comment;
      } else fault = checked.fault;
    }
    if (legal.length === 0) {
      // The engine no longer waits for this seat (a window settled in between): unused, not a fault.
      this.record(f, this.step(f, arrival, raw, null, null, true));
      return;
    }
    applied ??= defaultAction(this.state, seat);
    const r = applyAction(this.state, seat, applied as Action);
    if (!r.ok) {
      if (r.error.code !== 'not_pending')
        throw new Error(`engine rejected ${JSON.stringify(applied)}: ${r.error.message}`);
      this.record(f, this.step(f, arrival, raw, null, null, true));
      return;
    }
    this.advance(r.state, r.events);
    const step = this.step(f, arrival, raw, applied as Action, fault);
    if (comment !== undefined) step.comment = comment;
    this.record(f, step);
    const faults = (this.faults[seat] ?? 0) + (fault ? 1 : 0);
    this.faults[seat] = faults;
    if (fault && faults === MAX_FAULTS && !isOver(this.state)) {
      const out = forfeit(this.state, seat);
      this.forfeited[seat] = true;
      this.advance(out.state, out.events);
      const fs: ForfeitStep = { kind: 'forfeit', seat, reason: 'too_many_faults' };
      this.steps.push(fs);
    }
    this.dispatch(arrival);
  }

  private advance(state: GameState, events: GameEvent[]): void {
    this.state = state;
    this.transitions++;
    for (const e of events) this.events.push(e);
    this.history.push(events);
    this.o.onEvent?.({ events: eventsFor(events, null), state: viewFor(state, null) });
  }

  /**
   * The replay's record of a decision, its keys in the replay's order: one object literal (a shared base
   * spread into each step cost, with the request's spread, about a third of the runner's CPU a house
   * match: DESIGN "the runner's cost per decision").
   */
  private step(
    f: Inflight,
    at: number,
    answer: unknown,
    applied: Action | null,
    fault: Fault | null,
    unused?: true,
  ): DecisionStep {
    const step: DecisionStep = {
      kind: 'decision',
      decisionId: f.decisionId,
      seat: f.seat,
      phase: f.phase,
      turn: f.turn,
      stateIndex: f.stateIndex,
      requestedAt: f.requestedAt,
      latencyMs: ms(Math.max(0, at - f.sentMono)),
      answer,
      applied,
      fault,
    };
    if (unused) step.unused = true;
    return step;
  }

  private record(f: Inflight, step: DecisionStep): void {
    // A snapshot: the agent may still be working on its report (a call aborted after the deadline).
    try {
      f.report.onRecord?.();
    } catch {
      // a report is a convenience: it never stops a match
    }
    if (f.report.llm) step.llm = structuredClone(f.report.llm);
    this.steps.push(step);
    this.o.onDecision?.(step);
  }
}
