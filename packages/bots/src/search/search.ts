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
  const counts = new Array<number>(cands.length).fill(0);
  const mean = (i: number) => ((counts[i] as number) > 0 ? (sums[i] as number) / (counts[i] as number) : -1);
  // Successive halving: the budget is cut into stages; after each, the worse half of the candidates
  // still in play is dropped, so the close calls among the best get most of the playouts.
  let alive: number[] = [];
  for (let i = 0; i < cands.length; i++) alive.push(i);
  const stages = Math.max(1, Math.ceil(Math.log2(cands.length)));
  let playouts = 0;
  let outOfTime = false;
  for (let stage = 0; stage < stages && !outOfTime; stage++) {
    const stageEnd = Math.floor((budget.playouts * (stage + 1)) / stages);
    do {
      const state = sampleState(frame, rnd, (rnd() * 0x100000000) >>> 0);
      const rolloutSeed = (rnd() * 0x100000000) >>> 0;
      for (const i of alive) {
        const r = applyAction(state, req.seat, cands[i] as Action);
        // The sampled state lists the same answers (they depend on public and own facts only); guard anyway.
        if (!r.ok) {
          sums[i] = -1e9;
          counts[i] = 1;
          continue;
        }
        sums[i] = (sums[i] as number) + playout(r.state, req.seat, fastRandom(rolloutSeed), frame.habits);
        counts[i] = (counts[i] as number) + 1;
        playouts++;
      }
      outOfTime = now() - started >= limitMs;
    } while (!outOfTime && playouts + alive.length <= stageEnd);
    if (alive.length > 2 && stage < stages - 1) {
      alive = [...alive].sort((a, b) => mean(b) - mean(a) || a - b).slice(0, Math.ceil(alive.length / 2));
    }
  }
  let best = alive[0] as number;
  for (const i of alive) if (mean(i) > mean(best)) best = i;
  return {
    action: cands[best] as LegalAction,
    playouts,
    means: cands.map((_, i) => mean(i)),
  };
}
