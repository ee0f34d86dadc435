import { applyAction } from '@coup/engine';
import type { Action } from '@coup/engine';
import type { DecisionRequest } from '@coup/protocol';
import type { LegalAction } from '../types';
import { frameOf, sampleState } from './determinize';
import type { Knowledge } from './knowledge';
import { fastRandom, playout } from './rollout';

// Information-set Monte Carlo, flat: each round samples one state of the seat's information set
// (determinize.ts), plays every candidate answer on it, then the rest of the game with the default policy
// (rollout.ts); the answer with the best mean score wins. All candidates of a round share the sampled
// state and the playout's random stream (common random numbers), so their difference measures the
// answer, not the luck of the sample.

export interface SearchBudget {
  /** Playouts per decision (the budget that makes a decision reproducible). */
  playouts: number;
  /** Wall-clock cap per decision, in ms: the search stops early rather than miss its deadline. */
  ms: number;
}

export interface SearchResult {
  action: LegalAction;
  playouts: number;
  /** Mean score by candidate, in legalActions order. */
  means: number[];
}

/** Never more than this share of the request's own time limit, whatever the budget says. */
const DEADLINE_SHARE = 0.3;

export function search(
  req: DecisionRequest,
  k: Knowledge,
  budget: SearchBudget,
  rnd: () => number,
  now: () => number = () => performance.now(),
): SearchResult {
  const cands = req.legalActions;
  const started = now();
  const limitMs = Math.min(budget.ms, Math.max(1, req.timeoutMs * DEADLINE_SHARE));
  const frame = frameOf(req, k);
  const sums = new Array<number>(cands.length).fill(0);
  const valid = new Array<boolean>(cands.length).fill(true);
  let playouts = 0;
  let rounds = 0;
  do {
    const state = sampleState(frame, rnd, (rnd() * 0x100000000) >>> 0);
    const rolloutSeed = (rnd() * 0x100000000) >>> 0;
    for (let i = 0; i < cands.length; i++) {
      if (!valid[i]) continue;
      const r = applyAction(state, req.seat, cands[i] as Action);
      // The sampled state lists the same answers (they depend on public and own facts only); guard anyway.
      if (!r.ok) {
        valid[i] = false;
        continue;
      }
      sums[i] = (sums[i] as number) + playout(r.state, req.seat, fastRandom(rolloutSeed));
      playouts++;
    }
    rounds++;
  } while (playouts + cands.length <= budget.playouts && now() - started < limitMs);
  let best = 0;
  for (let i = 1; i < cands.length; i++) {
    if (valid[i] && (!valid[best] || (sums[i] as number) > (sums[best] as number))) best = i;
  }
  return {
    action: cands[best] as LegalAction,
    playouts,
    means: sums.map((x, i) => (valid[i] ? x / rounds : NaN)),
  };
}
