import type { DecisionRequest } from '@coup/protocol';
import { inProcessAgent } from '../in-process';
import type { MatchAgent } from '../agent';
import { seededPicker } from '@coup/random';

/** An in-process agent answering a uniformly random legal action (reproducible per seed). */
export function randomAgent(name: string, seed: number): MatchAgent {
  const pick = seededPicker(seed);
  return inProcessAgent(name, (req: DecisionRequest) => ({
    action: req.legalActions[pick(req.legalActions.length)],
  }));
}
