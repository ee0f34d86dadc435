import { seededPicker } from '@coup/random';
import { applyAction } from '../apply';
import { COPIES_PER_ROLE, TURN_CAP } from '../constants';
import { createGame } from '../create';
import { forfeit } from '../forfeit';
import { legalActions } from '../legal';
import { pendingSeats } from '../pending';
import { RULESETS, rulesetOf } from '../rulesets';
import { ROLES } from '../types';
import type { Action, GameEvent, GameState, PlayerState, Role, RulesetId } from '../types';

// Helpers shared by the engine's tests and by other packages' tests (runner, bots): explicit setups,
// sequences of decisions that fail loudly, random games with a seeded chooser, and invariant checks.

const fixed = (type: Action['type']): Action => Object.freeze({ type });

/** Ready-to-send actions, exactly as legalActions lists them (the data-less ones are shared, so frozen). */
export const act = {
  income: fixed('income'),
  foreignAid: fixed('foreign_aid'),
  tax: fixed('tax'),
  exchange: fixed('exchange'),
  pass: fixed('pass'),
  challenge: fixed('challenge'),
  coup: (target: number): Action => ({ type: 'coup', data: { target } }),
  assassinate: (target: number): Action => ({ type: 'assassinate', data: { target } }),
  steal: (target: number): Action => ({ type: 'steal', data: { target } }),
  block: (role: Role): Action => ({ type: 'block', data: { role } }),
  loseCard: (card_index: number): Action => ({ type: 'lose_card', data: { card_index } }),
  returnCards: (i: number, j: number): Action => ({ type: 'return_cards', data: { return_indices: [i, j] } }),
  // The Inquisitor game's (ruleset `inquisitors`).
  /** An inquisitor's exchange returns one card. */
  returnCard: (i: number): Action => ({ type: 'return_cards', data: { return_indices: [i] } }),
  interrogate: (target: number): Action => ({ type: 'interrogate', data: { target } }),
  showCard: (card_index: number): Action => ({ type: 'show_card', data: { card_index } }),
  allow: fixed('allow'),
  forceExchange: fixed('force_exchange'),
};

/**
 * A deck that completes `hands` to exactly 3 of each role of `ruleset` (default `original`): `top` first
 * (deck[0] is drawn first), then the remaining cards in role order (original: duke, assassin, captain,
 * ambassador, contessa). Throws when the hands and `top` use more than 3 of a role, or another role.
 */
export function deckFor(
  hands: readonly (readonly Role[])[],
  top: readonly Role[] = [],
  ruleset: RulesetId = 'original',
): Role[] {
  const roles = RULESETS[ruleset].roles;
  const left = new Map<Role, number>(roles.map((r) => [r, COPIES_PER_ROLE]));
  for (const r of [...hands.flat(), ...top]) {
    const n = left.get(r);
    if (n === undefined || n === 0)
      throw new Error(`deckFor: more than ${COPIES_PER_ROLE} ${String(r)} in ${ruleset}`);
    left.set(r, n - 1);
  }
  const deck = [...top];
  for (const r of roles) for (let i = 0; i < (left.get(r) ?? 0); i++) deck.push(r);
  return deck;
}

export interface SetupOptions {
  /** Coins per seat (default 2 each). */
  coins?: number[];
  /** Cards on top of the deck, in draw order; the rest follows in ROLES order. */
  deckTop?: Role[];
  /** Default 0 (the engine draws it with the PRNG only when explicitly passed `null`). */
  firstSeat?: number | null;
  seed?: string;
  /** Default `original`. */
  ruleset?: RulesetId;
}

/** A game from explicit hands; the deck is completed with `deckFor`. */
export function gameFrom(hands: Role[][], opts: SetupOptions = {}): GameState {
  const firstSeat = opts.firstSeat === undefined ? 0 : opts.firstSeat;
  return createGame({
    players: hands.length,
    seed: opts.seed ?? 'scenario',
    ...(opts.ruleset ? { ruleset: opts.ruleset } : {}),
    setup: {
      hands,
      deck: deckFor(hands, opts.deckTop, opts.ruleset),
      ...(opts.coins ? { coins: opts.coins } : {}),
      ...(firstSeat === null ? {} : { firstSeat }),
    },
  });
}

export type Step = readonly [seat: number, action: Action | 'forfeit'];

export interface Played {
  state: GameState;
  events: GameEvent[];
}

/**
 * Applies `steps` in order (`'forfeit'` forfeits the seat) and returns the final state with every event.
 * Throws with the engine's error and the step's index as soon as one step is rejected.
 */
export function play(state: GameState, steps: readonly Step[]): Played {
  let s = state;
  const events: GameEvent[] = [];
  steps.forEach(([seat, action], i) => {
    if (action === 'forfeit') {
      const r = forfeit(s, seat);
      s = r.state;
      events.push(...r.events);
      return;
    }
    const r = applyAction(s, seat, action);
    if (!r.ok) {
      throw new Error(
        `play: step ${i} (seat ${seat} ${JSON.stringify(action)}) rejected: ${r.error.code}: ${r.error.message}`,
      );
    }
    s = r.state;
    events.push(...r.events);
  });
  return { state: s, events };
}

/** The seeded chooser of indices the helpers use, re-exported for tests that pick by hand. */
export { seededPicker };

export interface Choice {
  seat: number;
  action: Action | 'forfeit';
}

/** Picks the next decision: which pending seat answers (simultaneous windows) and what, or a forfeit. */
export type Chooser = (state: GameState, pending: readonly number[]) => Choice;

/**
 * Random legal answers from a random pending seat (so simultaneous answers interleave at random) and,
 * with probability `forfeitRate`, a random living seat forfeiting instead.
 */
export function randomChooser(seed: string | number, opts: { forfeitRate?: number } = {}): Chooser {
  const pick = seededPicker(seed);
  const rate = Math.round((opts.forfeitRate ?? 0) * 1_000_000);
  return (state, pending) => {
    if (rate > 0 && pick(1_000_000) < rate) {
      const living = state.players.flatMap((p, i) => (p.eliminated ? [] : [i]));
      return { seat: living[pick(living.length)] as number, action: 'forfeit' };
    }
    const seat = pending[pick(pending.length)] as number;
    const legal = legalActions(state, seat);
    return { seat, action: legal[pick(legal.length)] as Action };
  };
}

export interface GameRecord {
  initial: GameState;
  state: GameState;
  choices: Choice[];
  events: GameEvent[];
}

export interface RandomGameOptions {
  /** Called after every accepted decision. */
  onStep?: (before: GameState, choice: Choice, after: GameState, events: GameEvent[]) => void;
  /** Safety net: throw when the game has not ended after this many decisions. */
  maxDecisions?: number;
}

/** Plays choices from `initial` until the game is over; throws when the engine rejects one. */
export function playOut(initial: GameState, chooser: Chooser, opts: RandomGameOptions = {}): GameRecord {
  const max = opts.maxDecisions ?? 20_000;
  let s = initial;
  const choices: Choice[] = [];
  const events: GameEvent[] = [];
  while (s.phase !== 'game_over') {
    if (choices.length >= max) throw new Error(`playOut: no game over after ${max} decisions`);
    const pending = pendingSeats(s);
    if (pending.length === 0) throw new Error(`playOut: nobody to answer in phase ${s.phase}`);
    const choice = chooser(s, pending);
    const before = s;
    const stepEvents = applyChoice(before, choice);
    s = stepEvents.state;
    choices.push(choice);
    events.push(...stepEvents.events);
    opts.onStep?.(before, choice, s, stepEvents.events);
  }
  return { initial, state: s, choices, events };
}

/** One decision (or forfeit); throws with the engine error when rejected. */
export function applyChoice(s: GameState, choice: Choice): Played {
  if (choice.action === 'forfeit') return forfeit(s, choice.seat);
  const r = applyAction(s, choice.seat, choice.action);
  if (!r.ok) {
    throw new Error(
      `seat ${choice.seat} ${JSON.stringify(choice.action)} rejected in ${s.phase}: ${r.error.code}: ${r.error.message}`,
    );
  }
  return { state: r.state, events: r.events };
}

/** A whole seeded game (`createGame({ players, seed })`) played by `chooser` (random by default). */
export function randomGame(
  seed: string,
  players: number,
  chooser: Chooser = randomChooser(seed),
  opts: RandomGameOptions = {},
): GameRecord {
  return playOut(createGame({ players, seed }), chooser, opts);
}

/** Replays recorded choices from `initial`; throws when one is rejected. */
export function replay(initial: GameState, choices: readonly Choice[]): GameRecord {
  let s = initial;
  const events: GameEvent[] = [];
  for (const c of choices) {
    const r = applyChoice(s, c);
    s = r.state;
    events.push(...r.events);
  }
  return { initial, state: s, choices: [...choices], events };
}

/** Every card of the game: hands, deck and drawn cards, sorted (a full game holds 3 of each role). */
export function allCards(s: GameState): Role[] {
  return [...s.players.flatMap((p) => p.cards.map((c) => c.role)), ...s.deck, ...s.drawn].sort();
}

/** The 15 cards of `original`, sorted, for comparison with `allCards`. */
export const FULL_DECK_SORTED: readonly Role[] = ROLES.flatMap((r) =>
  Array<Role>(COPIES_PER_ROLE).fill(r),
).sort();

/** The 15 cards of a ruleset, sorted, for comparison with `allCards`. */
export function fullDeckSorted(ruleset: RulesetId): readonly Role[] {
  return [...RULESETS[ruleset].deck].sort();
}

/** Count of each role of `ruleset` (default `original`) in a list. */
export function roleCounts(cards: readonly Role[], ruleset: RulesetId = 'original'): Record<Role, number> {
  const out = Object.fromEntries(RULESETS[ruleset].roles.map((r) => [r, 0])) as Record<Role, number>;
  for (const c of cards) out[c]++;
  return out;
}

/** Freezes an object graph in place (tests use it to prove the engine never modifies its input). */
export function deepFreeze<T>(x: T): T {
  if (typeof x === 'object' && x !== null && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

/** Mostly unchallenged exchanges (coins do not move), so that many games reach the turn cap. */
export function peacefulChooser(seed: string | number): Chooser {
  const pick = seededPicker(seed);
  const calm = new Set(['exchange', 'pass', 'return_cards', 'lose_card', 'coup']);
  return (s, pending) => {
    const seat = pending[pick(pending.length)] as number;
    const legal = legalActions(s, seat);
    const quiet = legal.filter((a) => calm.has(a.type));
    const from = quiet.length > 0 && pick(1000) < 997 ? quiet : legal;
    return { seat, action: from[pick(from.length)] as Action };
  };
}

function check(ok: boolean, what: string, s: GameState): void {
  if (!ok) throw new Error(`${what} (turn ${s.turn}, phase ${s.phase})`);
}

const FULL = new Map(Object.values(RULESETS).map((r) => [r, [...r.deck].sort().join()]));

/**
 * Throws when a state breaks an invariant of the rules: the ruleset's 15 cards conserved, a phase of its
 * ruleset, coins natural numbers, eliminated seats with nothing, living seats with a face-down card,
 * someone pending unless the game is over, legal actions for exactly the pending seats, and an
 * interrogation's shown slot only while the interrogator decides. Plain checks: cheap enough for every step.
 */
export function checkInvariants(s: GameState): void {
  const rules = rulesetOf(s);
  check(allCards(s).join() === FULL.get(rules), `the 15 cards of ${rules.id} are conserved`, s);
  check(rules.phases.includes(s.phase), `${s.phase} is a phase of ${rules.id}`, s);
  if (rules.phase.interrogate_decide) {
    const shown = s.phase === 'interrogate_decide';
    check(shown ? typeof s.shownSlot === 'number' : s.shownSlot === null, 'shownSlot set iff deciding', s);
    if (shown) {
      const target = s.players[s.pending?.target as number];
      check(target?.cards[s.shownSlot as number]?.revealed === false, 'the shown card is face-down', s);
    }
  } else check(!('shownSlot' in s), `a ${rules.id} state has no shownSlot`, s);
  check(s.turn <= TURN_CAP, 'turn within the cap', s);
  const pending = pendingSeats(s);
  check(
    s.phase === 'game_over' ? pending.length === 0 : pending.length > 0,
    'pendingSeats empty iff game over',
    s,
  );
  s.players.forEach((p, seat) => {
    check(Number.isInteger(p.coins) && p.coins >= 0, `seat ${seat} coins are a natural number`, s);
    check(p.cards.length === 2, `seat ${seat} has 2 slots`, s);
    const faceDown = p.cards.filter((c) => !c.revealed).length;
    if (p.eliminated) check(faceDown === 0 && p.coins === 0, `eliminated seat ${seat} has nothing`, s);
    else check(faceDown > 0, `living seat ${seat} has a face-down card`, s);
    const legal = legalActions(s, seat).length;
    if (pending.includes(seat))
      check(!p.eliminated && legal > 0, `pending seat ${seat} is alive and has choices`, s);
    else check(legal === 0, `seat ${seat} is not pending and has no choices`, s);
  });
}

/** RULES.md's ranking, computed independently from the final state and the `eliminated` events. */
export function expectedRanking(s: GameState, events: readonly GameEvent[]): number[][] {
  const faceDown = (seat: number) => (s.players[seat] as PlayerState).cards.filter((c) => !c.revealed).length;
  const score = (seat: number) => faceDown(seat) * 1000 + (s.players[seat] as PlayerState).coins;
  const survivors = s.players.flatMap((p, seat) => (p.eliminated ? [] : [seat]));
  const scores = [...new Set(survivors.map(score))].sort((x, y) => y - x);
  const places = scores.map((sc) => survivors.filter((seat) => score(seat) === sc));
  const out = events.flatMap((e) => (e.type === 'eliminated' ? [e.seat] : []));
  return [...places, ...out.reverse().map((seat) => [seat])];
}
