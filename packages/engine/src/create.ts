import { ENGINE_VERSION, HAND_SIZE, MAX_SEATS, MIN_SEATS, START_COINS } from './constants';
import { randomInt, shuffleInPlace } from '@coup/random';
import { seedRng } from './rng';
import { DEFAULT_RULESET, RULESETS, isRulesetId, unknownRuleset } from './rulesets';
import type { Ruleset } from './rulesets';
import { isEngineVersion, unknownEngineVersion } from './versions';
import { RULESET_IDS } from './types';
import type { CreateGameOptions, GameSetup, GameState, PlayerState, Role, RulesetId } from './types';

/**
 * Each ruleset's deck as a plain array: copying a frozen array (Ruleset.deck) costs V8 several times as
 * much, and a deal copies one in every game.
 */
const DECKS: Readonly<Partial<Record<RulesetId, readonly Role[]>>> = Object.fromEntries(
  RULESET_IDS.map((id) => [id, [...RULESETS[id].deck]]),
);

/** A ruleset's full deck (default `original`), in role order, before shuffling. */
export function fullDeck(ruleset: RulesetId = DEFAULT_RULESET): Role[] {
  return [...RULESETS[ruleset].deck];
}

/**
 * A new game of `ruleset` (default `original`) from a seed (shuffled deck, dealt hands, first seat drawn)
 * or from an explicit setup (hands, coins and deck used as given), played by `engineVersion` (default:
 * this one). Throws on invalid options: this is a programming error, not agent input.
 */
export function createGame(opts: CreateGameOptions): GameState {
  const n = opts?.players;
  if (!Number.isInteger(n) || n < MIN_SEATS || n > MAX_SEATS) {
    throw new Error(`players must be an integer from ${MIN_SEATS} to ${MAX_SEATS}`);
  }
  if (typeof opts.seed !== 'string') throw new Error('seed must be a string');
  const engineVersion = opts.engineVersion ?? ENGINE_VERSION;
  if (!isEngineVersion(engineVersion)) throw new Error(unknownEngineVersion(engineVersion));
  const rulesetId = opts.ruleset ?? DEFAULT_RULESET;
  if (!isRulesetId(rulesetId)) throw new Error(unknownRuleset(rulesetId));
  const rules = RULESETS[rulesetId];
  let rng = seedRng(opts.seed, engineVersion);
  let hands: Role[][];
  let deck: Role[];
  let coins: readonly number[] | null = null;
  let firstSeat: number | undefined;
  if (opts.setup) {
    validateSetup(n, opts.setup, rules);
    hands = opts.setup.hands.map((h) => [...h]);
    deck = [...opts.setup.deck];
    if (opts.setup.coins) coins = opts.setup.coins;
    firstSeat = opts.setup.firstSeat;
  } else {
    deck = (DECKS[rulesetId] as readonly Role[]).slice();
    rng = shuffleInPlace(rng, deck);
    // Dealt one card a seat at a time, twice around the table, from the top.
    hands = [];
    for (let i = 0; i < n; i++) {
      const hand: Role[] = [];
      for (let round = 0; round < HAND_SIZE; round++) hand.push(deck[round * n + i] as Role);
      hands.push(hand);
    }
    deck.splice(0, HAND_SIZE * n);
  }
  if (firstSeat === undefined) [firstSeat, rng] = randomInt(rng, 0, n - 1);
  const players: PlayerState[] = [];
  for (let i = 0; i < n; i++) {
    const cards = [];
    for (const role of hands[i] as Role[]) cards.push({ role, revealed: false });
    players.push({ coins: coins ? (coins[i] as number) : START_COINS, cards, eliminated: false });
  }
  // The interrogation's private slot exists only where an action brings interrogate_decide (as the last
  // field, where it has always been written).
  if (rules.phase.interrogate_decide) {
    return {
      engineVersion,
      ruleset: rulesetId,
      players,
      deck,
      phase: 'action',
      activeSeat: firstSeat,
      turn: 0,
      rng,
      pending: null,
      window: null,
      losses: [],
      after: null,
      drawn: [],
      eliminationOrder: [],
      endReason: null,
      shownSlot: null,
    };
  }
  return {
    engineVersion,
    ruleset: rulesetId,
    players,
    deck,
    phase: 'action',
    activeSeat: firstSeat,
    turn: 0,
    rng,
    pending: null,
    window: null,
    losses: [],
    after: null,
    drawn: [],
    eliminationOrder: [],
    endReason: null,
  };
}

function validateSetup(n: number, setup: GameSetup, rules: Ruleset): void {
  if (!Array.isArray(setup.hands) || setup.hands.length !== n)
    throw new Error(`setup.hands must hold ${n} hands`);
  for (const h of setup.hands) {
    if (!Array.isArray(h) || h.length !== HAND_SIZE)
      throw new Error(`each hand must hold ${HAND_SIZE} cards`);
  }
  if (!Array.isArray(setup.deck)) throw new Error('setup.deck must be an array of roles');
  const counts = new Map<string, number>();
  for (const r of [...setup.hands.flat(), ...setup.deck]) {
    if (!(rules.roles as readonly string[]).includes(r))
      throw new Error(`unknown role in ${rules.id}: ${String(r)} (roles: ${rules.roles.join(', ')})`);
    counts.set(r, (counts.get(r) ?? 0) + 1);
  }
  for (const r of rules.roles) {
    if (counts.get(r) !== rules.copiesPerRole) {
      throw new Error(
        `a setup must hold exactly ${rules.copiesPerRole} of each role (${r}: ${counts.get(r) ?? 0})`,
      );
    }
  }
  if (setup.coins !== undefined) {
    if (!Array.isArray(setup.coins) || setup.coins.length !== n)
      throw new Error(`setup.coins must hold ${n} numbers`);
    for (const c of setup.coins)
      if (!Number.isInteger(c) || c < 0) throw new Error('coins must be integers >= 0');
  }
  if (
    setup.firstSeat !== undefined &&
    (!Number.isInteger(setup.firstSeat) || setup.firstSeat < 0 || setup.firstSeat >= n)
  ) {
    throw new Error(`setup.firstSeat must be an integer from 0 to ${n - 1}`);
  }
}
