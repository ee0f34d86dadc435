import type { Role } from '@coup/engine';
import type { Answer, DecisionRequest } from '@coup/protocol';
import type { LegalAction } from './types';

// Bots answer with the very objects of legalActions, so every answer is legal by construction.

export function find(req: DecisionRequest, type: LegalAction['type']): LegalAction | undefined {
  return req.legalActions.find((a) => a.type === type);
}

export function findTargeted(
  req: DecisionRequest,
  type: 'coup' | 'assassinate' | 'steal' | 'interrogate',
  target: number,
): LegalAction | undefined {
  return req.legalActions.find((a) => a.type === type && a.data?.target === target);
}

export function findBlock(req: DecisionRequest, role: Role): LegalAction | undefined {
  return req.legalActions.find((a) => a.type === 'block' && a.data?.role === role);
}

/** Legal targets of a targeted action, in the order listed. */
export function targetsOf(
  req: DecisionRequest,
  type: 'coup' | 'assassinate' | 'steal' | 'interrogate',
): number[] {
  const out: number[] = [];
  for (const a of req.legalActions)
    if (a.type === type && a.data?.target !== undefined) out.push(a.data.target);
  return out;
}

/** `pass` when listed, else the first legal action (there is always one). */
export function passOrFirst(req: DecisionRequest): LegalAction {
  return find(req, 'pass') ?? (req.legalActions[0] as LegalAction);
}

export function answer(action: LegalAction): Answer {
  return { action };
}

/** An answer that asks for the whole history next time when the bot's memory misses events. */
export function remembering(a: Answer, complete: boolean): Answer {
  return complete ? a : { ...a, history: 'full' };
}
