import { BLOCK_ROLES, FORCED_COUP_COINS, MAX_SEATS } from './constants';
import { isPending } from './pending';
import { livingMask } from './seats';
import type { Action, GameState, PlayerState, Role } from './types';

// Legal-action lists are precomputed, frozen and shared: the same situation always returns the same
// array, so asking for legal actions allocates nothing in the hot loop.

const freeze = <T>(x: T): T => Object.freeze(x);
// Lists are shared but never handed out (legalActions copies them); frozen arrays are slow to read in V8.
const list = <T>(x: T[]): readonly T[] => x;
const act = (a: Action): Action => {
  if (a.data) {
    if (a.data.return_indices) freeze(a.data.return_indices);
    freeze(a.data);
  }
  return freeze(a);
};

const PASS = act({ type: 'pass' });
const CHALLENGE = act({ type: 'challenge' });
const INCOME = act({ type: 'income' });
const FOREIGN_AID = act({ type: 'foreign_aid' });
const TAX = act({ type: 'tax' });
const EXCHANGE = act({ type: 'exchange' });
const targeted = (type: 'coup' | 'assassinate' | 'steal') =>
  Array.from({ length: MAX_SEATS }, (_, target) => act({ type, data: { target } }));
const COUP = targeted('coup');
const ASSASSINATE = targeted('assassinate');
const STEAL = targeted('steal');
const BLOCK: Record<Role, Action> = {
  duke: act({ type: 'block', data: { role: 'duke' } }),
  assassin: act({ type: 'block', data: { role: 'assassin' } }),
  captain: act({ type: 'block', data: { role: 'captain' } }),
  ambassador: act({ type: 'block', data: { role: 'ambassador' } }),
  contessa: act({ type: 'block', data: { role: 'contessa' } }),
};

const CHALLENGE_OR_PASS = list([CHALLENGE, PASS]);
const BLOCK_LISTS = {
  foreign_aid: list([...BLOCK_ROLES.foreign_aid.map((r) => BLOCK[r]), PASS]),
  steal: list([...BLOCK_ROLES.steal.map((r) => BLOCK[r]), PASS]),
  assassinate: list([...BLOCK_ROLES.assassinate.map((r) => BLOCK[r]), PASS]),
};

/** lose_card choices by bitmask of face-down slots. */
const LOSE_CARD: readonly (readonly Action[])[] = Array.from({ length: 4 }, (_, mask) =>
  list(
    [0, 1]
      .filter((i) => mask & (1 << i))
      .map((card_index) => act({ type: 'lose_card', data: { card_index } })),
  ),
);

/** return_cards choices by the number of face-down cards (pool = face-down + 2 drawn). */
const RETURN_CARDS: readonly (readonly Action[])[] = [0, 1, 2].map((faceDown) => {
  const out: Action[] = [];
  const size = faceDown + 2;
  for (let i = 0; i < size; i++)
    for (let j = i + 1; j < size; j++)
      out.push(act({ type: 'return_cards', data: { return_indices: [i, j] } }));
  return list(out);
});

const turnCache = new Map<number, readonly Action[]>();

function turnActions(s: GameState, seat: number): readonly Action[] {
  const coins = (s.players[seat] as PlayerState).coins;
  const bucket = coins >= FORCED_COUP_COINS ? 3 : coins >= 7 ? 2 : coins >= 3 ? 1 : 0;
  const mask = livingMask(s);
  const key = ((seat * 64 + mask) * 4 + bucket) * 8 + s.players.length;
  let cached = turnCache.get(key);
  if (!cached) {
    const targets: number[] = [];
    for (let i = 0; i < s.players.length; i++) if (i !== seat && mask & (1 << i)) targets.push(i);
    const out: Action[] = [];
    if (bucket === 3) {
      for (const t of targets) out.push(COUP[t] as Action);
    } else {
      out.push(INCOME, FOREIGN_AID);
      if (bucket >= 2) for (const t of targets) out.push(COUP[t] as Action);
      out.push(TAX);
      if (bucket >= 1) for (const t of targets) out.push(ASSASSINATE[t] as Action);
      for (const t of targets) out.push(STEAL[t] as Action);
      out.push(EXCHANGE);
    }
    cached = out;
    turnCache.set(key, cached);
  }
  return cached;
}

function faceDownMask(p: PlayerState): number {
  let m = 0;
  for (let i = 0; i < p.cards.length; i++) if (!(p.cards[i] as { revealed: boolean }).revealed) m |= 1 << i;
  return m;
}

/** Every legal answer for `seat` now, as ready-to-send objects; [] when the seat has nothing to decide. */
export function legalActions(s: GameState, seat: number): Action[] {
  // A fresh array (callers may sort or filter it); the action objects inside are shared and frozen.
  const list = legalList(s, seat);
  const out = new Array<Action>(list.length);
  for (let i = 0; i < list.length; i++) out[i] = list[i] as Action;
  return out;
}

export function legalList(s: GameState, seat: number): readonly Action[] {
  if (!isPending(s, seat)) return [];
  switch (s.phase) {
    case 'action':
      return turnActions(s, seat);
    case 'challenge_action':
    case 'challenge_block':
      return CHALLENGE_OR_PASS;
    case 'block': {
      const action = s.pending?.action;
      return action === 'foreign_aid' || action === 'steal' || action === 'assassinate'
        ? BLOCK_LISTS[action]
        : [];
    }
    case 'lose_influence':
      return LOSE_CARD[faceDownMask(s.players[seat] as PlayerState)] ?? [];
    case 'exchange_return': {
      const p = s.players[seat] as PlayerState;
      return RETURN_CARDS[countSetBits(faceDownMask(p))] ?? [];
    }
    default:
      return [];
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
