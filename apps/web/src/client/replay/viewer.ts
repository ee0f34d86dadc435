import { stepper } from '../stepper';
import { frameView } from './frame-view';
import type { ReplayModel } from './model';

// Stepping through a replay turn by turn (stepper.ts: buttons, slider, keys, ?step=N in the URL).

export function replayViewer(m: ReplayModel, initialStep: number, signal: AbortSignal): HTMLElement {
  const last = m.frames.length - 1;
  const turnOf = (step: number) => m.frames[step]?.turn ?? null;
  return stepper({
    last,
    initialStep,
    signal,
    id: 'replay-step',
    label: 'Replay viewer',
    controlsLabel: 'Replay controls',
    className: 'replay',
    describe: (step) => {
      const turn = turnOf(step);
      return turn === null
        ? { valueText: 'the deal', position: 'Deal' }
        : { valueText: `turn ${turn}`, position: `Turn ${turn}` };
    },
    frame: (step) => frameView(m.frames[step]!, m, step === last),
  });
}
