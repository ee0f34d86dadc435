import { endTurn, owe, resolved } from '../flow';
import type { PendingAction, Role } from '../types';
import type { ActionRule, Draft } from './ruleset';

// The seven actions of the classic game, as rules the rulesets list. Where rulesets differ (who claims
// an exchange and how many cards it draws, who may block a steal) the rule is made by a function.

/** The target is gone: the action does nothing more and the turn passes. */
function targetGone(d: Draft, p: PendingAction): boolean {
  if (p.target === null || !d.peek(p.target).eliminated) return false;
  resolved(d, 'no_effect');
  endTurn(d);
  return true;
}

function gain(d: Draft, p: PendingAction, coins: number): void {
  d.addCoins(p.actor, coins);
  resolved(d, 'done', coins);
  endTurn(d);
}

export const income: ActionRule = {
  type: 'income',
  cost: 0,
  claim: null,
  targeted: false,
  blockers: [],
  resolve: (d, p) => gain(d, p, 1),
};

export const foreignAid: ActionRule = {
  type: 'foreign_aid',
  cost: 0,
  claim: null,
  targeted: false,
  blockers: ['duke'],
  resolve: (d, p) => gain(d, p, 2),
};

export const coup: ActionRule = {
  type: 'coup',
  cost: 7,
  claim: null,
  targeted: true,
  blockers: [],
  resolve: (d, p) => {
    if (targetGone(d, p)) return;
    resolved(d, 'done');
    owe(d, p.target as number, 'coup', 'end_turn');
  },
};

export const tax: ActionRule = {
  type: 'tax',
  cost: 0,
  claim: 'duke',
  targeted: false,
  blockers: [],
  resolve: (d, p) => gain(d, p, 3),
};

export const assassinate: ActionRule = {
  type: 'assassinate',
  cost: 3,
  claim: 'assassin',
  targeted: true,
  blockers: ['contessa'],
  resolve: (d, p) => {
    if (targetGone(d, p)) return;
    resolved(d, 'done');
    owe(d, p.target as number, 'assassinate', 'end_turn');
  },
};

/** Steal, blockable by the target claiming one of `blockers`. */
export function steal(blockers: readonly Role[]): ActionRule {
  return {
    type: 'steal',
    cost: 0,
    claim: 'captain',
    targeted: true,
    blockers,
    resolve: (d, p) => {
      if (targetGone(d, p)) return;
      const amount = Math.min(2, d.peek(p.target as number).coins);
      d.addCoins(p.target as number, -amount);
      d.addCoins(p.actor, amount);
      resolved(d, 'done', amount);
      endTurn(d);
    },
  };
}

/**
 * Exchange claiming `claim`: draws `draws` cards from the top of the deck; the seat then returns as many
 * (phase exchange_return, the core's returnCards).
 */
export function exchange(claim: Role, draws: number): ActionRule {
  return {
    type: 'exchange',
    cost: 0,
    claim,
    targeted: false,
    blockers: [],
    draws,
    resolve: (d, p) => {
      const s = d.s;
      s.drawn = d.deck().splice(0, draws);
      s.phase = 'exchange_return';
      d.emit({
        type: 'exchange_drawn',
        turn: s.turn,
        seat: p.actor,
        count: s.drawn.length,
        roles: s.drawn.slice(),
      });
    },
  };
}
