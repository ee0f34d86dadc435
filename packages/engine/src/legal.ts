import { frozenAction, slotChoices } from './action-lists';
import { FORCED_COUP_COINS, MAX_SEATS } from './constants';
import { isPending } from './pending';
import { DEFAULT_RULESET, RULESETS, rulesetOf, unknownRuleset } from './rulesets';
import type { Ruleset } from './rulesets';
import { faceDownMask } from './seats';
import { ALL_ROLES, RULESET_IDS } from './types';
import type { Action, GameState, PlayerState, Role, RulesetId, AnyTurnActionType } from './types';

// Legal-action lists are precomputed per ruleset, frozen and shared: the same situation always returns
// the same array, so asking for legal actions allocates nothing in the hot loop.

const PASS = frozenAction({ type: 'pass' });
const CHALLENGE = frozenAction({ type: 'challenge' });
const CHALLENGE_OR_PASS: readonly Action[] = [CHALLENGE, PASS];
const BLOCK = Object.fromEntries(
  ALL_ROLES.map((role) => [role, frozenAction({ type: 'block', data: { role } })]),
) as Record<Role, Action>;
const LOSE_CARD = slotChoices('lose_card');

/** The actions of one type: the untargeted one, or one per target seat. */
function actionsOf(type: AnyTurnActionType, targeted: boolean): readonly Action[] {
  if (!targeted) return [frozenAction({ type })];
  return Array.from({ length: MAX_SEATS }, (_, target) => frozenAction({ type, data: { target } }));
}

/** `count` ascending distinct indices out of `size`, in lexicographic order. */
function combinations(size: number, count: number): number[][] {
  if (count === 0) return [[]];
  const out: number[][] = [];
  for (let first = 0; first <= size - count; first++)
    for (const rest of combinations(size - first - 1, count - 1))
      out.push([first, ...rest.map((i) => i + first + 1)]);
  return out;
}

/** What a ruleset's lists are built from, once. */
interface Tables {
  rules: Ruleset;
  /** Per action rule, in listing order: its actions, indexed by target when targeted. */
  actions: readonly (readonly Action[])[];
  /** The distinct positive costs, ascending: a seat's coins fall in one of their buckets. */
  costs: readonly number[];
  /** The block window's answers, by action. */
  block: Readonly<Partial<Record<AnyTurnActionType, readonly Action[]>>>;
  /** return_cards choices by the number of face-down cards (pool = face-down + drawn). */
  returnCards: readonly (readonly Action[])[];
  /**
   * The turn's actions by (seat count, coin bucket, living seats, seat): turnKey. Filled as situations
   * occur; an array rather than a Map, for a lookup without hashing.
   */
  turns: (readonly Action[] | undefined)[];
}

function tablesFor(rules: Ruleset): Tables {
  const draw = rules.exchangeDraw;
  const costs = [...new Set(rules.actions.map((a) => a.cost).filter((c) => c > 0))].sort((a, b) => a - b);
  return {
    rules,
    actions: rules.actions.map((a) => actionsOf(a.type, a.targeted)),
    costs,
    block: Object.fromEntries(
      rules.actions
        .filter((a) => a.blockers.length > 0)
        .map((a) => [a.type, [...a.blockers.map((r) => BLOCK[r]), PASS]]),
    ),
    returnCards: [0, 1, 2].map((faceDown) =>
      draw === 0
        ? []
        : combinations(faceDown + draw, draw).map((return_indices) =>
            frozenAction({ type: 'return_cards', data: { return_indices } }),
          ),
    ),
    // Allocated whole (holey), so that V8 keeps fast elements rather than a dictionary.
    turns: new Array<readonly Action[] | undefined>((MAX_SEATS + 1) * (costs.length + 2) * 64 * MAX_SEATS),
  };
}

/** By ruleset id; a state without one is an `original` game (rulesetOf). */
const TABLES = new Map<RulesetId | undefined, Tables>(RULESET_IDS.map((id) => [id, tablesFor(RULESETS[id])]));
TABLES.set(undefined, TABLES.get(DEFAULT_RULESET) as Tables);
const ORIGINAL_TABLES = TABLES.get(DEFAULT_RULESET) as Tables;

function tables(s: GameState): Tables {
  // Most games are `original` (or older than rulesets): no map lookup for them.
  if (s.ruleset === DEFAULT_RULESET) return ORIGINAL_TABLES;
  const t = TABLES.get(s.ruleset);
  if (!t) throw new Error(unknownRuleset(s.ruleset));
  return t;
}

function turnActions(t: Tables, s: GameState, seat: number): readonly Action[] {
  const players = s.players;
  const n = players.length;
  const coins = (players[seat] as PlayerState).coins;
  const forced = coins >= FORCED_COUP_COINS;
  const costs = t.costs;
  let bucket = 0;
  if (forced) bucket = costs.length + 1;
  else while (bucket < costs.length && coins >= (costs[bucket] as number)) bucket++;
  let mask = 0;
  for (let i = 0; i < n; i++) if (!(players[i] as PlayerState).eliminated) mask |= 1 << i;
  const key = ((n * (costs.length + 2) + bucket) * 64 + mask) * MAX_SEATS + seat;
  let cached = t.turns[key];
  if (!cached) {
    const targets: number[] = [];
    for (let i = 0; i < s.players.length; i++) if (i !== seat && mask & (1 << i)) targets.push(i);
    const out: Action[] = [];
    t.rules.actions.forEach((rule, k) => {
      const list = t.actions[k] as readonly Action[];
      if (forced ? rule.type !== 'coup' : rule.cost > coins) return;
      if (rule.targeted) for (const target of targets) out.push(list[target] as Action);
      else out.push(list[0] as Action);
    });
    cached = out;
    t.turns[key] = cached;
  }
  return cached;
}

/** Every legal answer for `seat` now, as ready-to-send objects; [] when the seat has nothing to decide. */
export function legalActions(s: GameState, seat: number): Action[] {
  // A fresh array (callers may sort or filter it); the action objects inside are shared and frozen.
  return legalList(s, seat).slice();
}

export function legalList(s: GameState, seat: number): readonly Action[] {
  if (!isPending(s, seat)) return [];
  return pendingList(s, seat);
}

/** legalList for a seat already known to be pending (applyAction has just checked it). */
export function pendingList(s: GameState, seat: number): readonly Action[] {
  switch (s.phase) {
    case 'action':
      return turnActions(tables(s), s, seat);
    case 'challenge_action':
    case 'challenge_block':
      return CHALLENGE_OR_PASS;
    case 'block': {
      const action = s.pending?.action;
      return (action && tables(s).block[action]) || [];
    }
    case 'lose_influence':
      return LOSE_CARD[faceDownMask(s.players[seat] as PlayerState)] ?? [];
    case 'exchange_return': {
      const p = s.players[seat] as PlayerState;
      return tables(s).returnCards[countSetBits(faceDownMask(p))] ?? [];
    }
    case 'game_over':
      return [];
    default:
      return rulesetOf(s).phase[s.phase]?.legal(s, seat) ?? [];
  }
}

function countSetBits(m: number): number {
  let n = 0;
  while (m) {
    n += m & 1;
    m >>= 1;
  }
  return n;
}
