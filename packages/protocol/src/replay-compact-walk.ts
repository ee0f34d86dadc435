import { ranking } from '@coup/engine';
import type { GameEvent, GameState } from '@coup/engine';
import { placeOf } from './notifications';
import type { ReplayStep } from './replay';
import { notRerunnable, replayStart, replaySteps } from './replay-steps';
import type { RerunnableReplay, ReplayStepRun } from './replay-steps';

// The re-run both halves of the compact replay codec walk (replay-compact.ts): the steps are handed over
// one at a time, because what a step holds is derived from the states before it (its phase and turn, its
// legal actions, the action applied) and the next state depends on the step. The stepping itself is
// replaySteps, the one re-run every reader of a replay uses, fed through an array that grows as we go (the
// generator reads `steps[i]` only when it reaches it).

/** What the header must hold for the game to be dealt again. */
export type DealtReplay = Omit<RerunnableReplay, 'steps'>;

export class CompactWalk {
  /** states[k]: the state after k engine transitions (what a request with stateIndex k was built from). */
  readonly states: GameState[];
  /** The engine's events so far, in order (the replay's `events`). */
  readonly events: GameEvent[] = [];
  private readonly faults: number[];
  private readonly forfeited: boolean[];
  private readonly steps: ReplayStep[] = [];
  private readonly runs: Generator<ReplayStepRun, void, undefined>;
  private state: GameState;

  constructor(private readonly replay: DealtReplay) {
    const start = replayStart({ ...replay, steps: [] });
    this.state = start;
    this.states = [start];
    const n = replay.players.length;
    this.faults = new Array<number>(n).fill(0);
    this.forfeited = new Array<boolean>(n).fill(false);
    this.runs = replaySteps({ ...replay, steps: this.steps }, start);
  }

  /** The state the next step meets. */
  get current(): GameState {
    return this.state;
  }

  /** Engine transitions so far. */
  get transitions(): number {
    return this.states.length - 1;
  }

  /** The state a request with this stateIndex was built from; throws for one not reached yet. */
  asked(stateIndex: unknown): GameState {
    const s = typeof stateIndex === 'number' ? this.states[stateIndex] : undefined;
    if (!s) throw new Error(`stateIndex ${String(stateIndex)} is not a state reached so far`);
    return s;
  }

  /** Re-runs one more step (as recorded): counts its fault and forfeit as the runner did. */
  step(step: ReplayStep): void {
    this.steps.push(step);
    const run = this.runs.next();
    if (run.done) throw new Error('the re-run ended before the steps');
    const r = run.value;
    if (r.rejected) throw notRerunnable(r);
    if (!r.transition) return;
    this.state = r.after;
    this.states.push(r.after);
    for (const e of r.events) this.events.push(e);
    if (step.kind === 'forfeit') this.forfeited[step.seat] = true;
    else if (step.fault) this.faults[step.seat] = (this.faults[step.seat] ?? 0) + 1;
  }

  /** The ranking the re-run ends with (runMatch's `ranking`). */
  ranking(): number[][] {
    return ranking(this.state);
  }

  /** Each seat's result as runMatch computes it (`results`). */
  results(): { seat: number; place: number; faults: number; forfeited: boolean }[] {
    const final = this.ranking();
    return this.replay.players.map((_, seat) => ({
      seat,
      place: placeOf(final, seat),
      faults: this.faults[seat] ?? 0,
      forfeited: this.forfeited[seat] ?? false,
    }));
  }
}
