import type { Role } from '../types';
import { act, play } from './helpers';
import type { Step } from './helpers';
import { INQUISITOR_SCENARIOS } from './inquisitor-scenarios';
import { scenario } from './scenario';
import type { Scenario } from './scenario';

export type { Scenario } from './scenario';
export { scenario } from './scenario';

// Named situations built from explicit setups (hands, coins, deck order, first seat) and a few decisions.
// Each one stops at the moment worth testing; tests (the engine's, the runner's, the bots') continue from
// `state`. The deck is completed by `deckFor`: `deckTop` first, then the rest in ROLES order.

/** seat 0: duke+assassin, seat 1: captain+contessa, seat 2: ambassador+duke. */
export const HANDS_3: Role[][] = [
  ['duke', 'assassin'],
  ['captain', 'contessa'],
  ['ambassador', 'duke'],
];
/** HANDS_3 plus seat 3: assassin+captain. */
export const HANDS_4: Role[][] = [...HANDS_3, ['assassin', 'captain']];

export const threeSeatOpening = (): Scenario =>
  scenario('threeSeatOpening', '3 seats (HANDS_3), 2 coins each, seat 0 to act', HANDS_3, {}, []);

export const headsUpOpening = (): Scenario =>
  scenario(
    'headsUpOpening',
    '2 seats: seat 0 duke+captain, seat 1 assassin+contessa, seat 0 to act',
    [
      ['duke', 'captain'],
      ['assassin', 'contessa'],
    ],
    {},
    [],
  );

export const sixSeatOpening = (): Scenario =>
  scenario(
    'sixSeatOpening',
    '6 seats, deck of 3 (captain, ambassador, contessa), seat 0 to act',
    [
      ['duke', 'assassin'],
      ['captain', 'contessa'],
      ['ambassador', 'duke'],
      ['assassin', 'captain'],
      ['contessa', 'ambassador'],
      ['duke', 'assassin'],
    ],
    {},
    [],
  );

export const forcedCoup = (): Scenario =>
  scenario(
    'forcedCoup',
    'seat 0 has 10 coins: coup is its only legal action',
    HANDS_3,
    { coins: [10, 2, 2] },
    [],
  );

export const coupReady = (): Scenario =>
  scenario(
    'coupReady',
    'seat 0 has exactly 7 coins: it may coup, not forced',
    HANDS_3,
    { coins: [7, 2, 2] },
    [],
  );

export const truthfulDukeChallenged = (): Scenario =>
  scenario(
    'truthfulDukeChallenged',
    'seat 0 (duke in slot 0) taxed, seat 1 challenged: duke shown and replaced, seat 1 must lose influence',
    HANDS_3,
    {},
    [
      [0, act.tax],
      [1, act.challenge],
    ],
  );

export const bluffedDukeChallenged = (): Scenario =>
  scenario(
    'bluffedDukeChallenged',
    'seat 1 (captain+contessa) taxed without a duke, seat 2 challenged: seat 1 must lose influence',
    HANDS_3,
    { firstSeat: 1 },
    [
      [1, act.tax],
      [2, act.challenge],
    ],
  );

export const duplicateDukeChallenged = (): Scenario =>
  scenario(
    'duplicateDukeChallenged',
    'seat 0 holds duke+duke, taxed and was challenged by seat 1: the duke in slot 0 is shown',
    [
      ['duke', 'duke'],
      ['captain', 'contessa'],
      ['ambassador', 'assassin'],
    ],
    {},
    [
      [0, act.tax],
      [1, act.challenge],
    ],
  );

export const revealedDukeThenChallenged = (): Scenario =>
  scenario(
    'revealedDukeThenChallenged',
    'seat 0 holds duke+duke, lost slot 0 to a coup, taxed and was challenged: the duke in slot 1 is shown',
    [
      ['duke', 'duke'],
      ['captain', 'contessa'],
      ['ambassador', 'assassin'],
    ],
    { coins: [2, 2, 7], firstSeat: 2 },
    [
      [2, act.coup(0)],
      [0, act.loseCard(0)],
      [0, act.tax],
      [1, act.challenge],
    ],
  );

export const challengeActionWindow = (): Scenario =>
  scenario(
    'challengeActionWindow',
    '4 seats (HANDS_4): seat 0 taxed, seats 1, 2, 3 may challenge',
    HANDS_4,
    {},
    [[0, act.tax]],
  );

export const foreignAidBlockWindow = (): Scenario =>
  scenario(
    'foreignAidBlockWindow',
    '4 seats (HANDS_4): seat 0 asked foreign aid, seats 1, 2, 3 may block with duke',
    HANDS_4,
    {},
    [[0, act.foreignAid]],
  );

export const assassinationBlockWindow = (): Scenario =>
  scenario(
    'assassinationBlockWindow',
    'seat 0 (3 coins, holds assassin) assassinates seat 1 (holds contessa), nobody challenged: seat 1 may block',
    HANDS_3,
    { coins: [3, 2, 2] },
    [
      [0, act.assassinate(1)],
      [1, act.pass],
      [2, act.pass],
    ],
  );

export const truthfulContessaBlock = (): Scenario => {
  const base = assassinationBlockWindow();
  const { state, events } = play(base.state, [[1, act.block('contessa')]]);
  return {
    ...base,
    name: 'truthfulContessaBlock',
    description:
      'seat 1 blocked the assassination with the contessa it holds; seat 0 may challenge the block',
    steps: [...base.steps, [1, act.block('contessa')]],
    state,
    events: [...base.events, ...events],
  };
};

export const bluffedContessaBlock = (): Scenario =>
  scenario(
    'bluffedContessaBlock',
    'seat 1 (captain+ambassador, 2 cards) blocked an assassination with contessa it does not hold; seat 0 may challenge',
    [
      ['duke', 'assassin'],
      ['captain', 'ambassador'],
      ['contessa', 'duke'],
    ],
    { coins: [3, 2, 2] },
    [
      [0, act.assassinate(1)],
      [1, act.pass],
      [2, act.pass],
      [1, act.block('contessa')],
    ],
  );

export const stealBlockWindow = (): Scenario =>
  scenario(
    'stealBlockWindow',
    'seat 0 (no captain) steals from seat 1 (captain+contessa), nobody challenged: seat 1 may block',
    HANDS_3,
    {},
    [
      [0, act.steal(1)],
      [1, act.pass],
      [2, act.pass],
    ],
  );

export const targetOnLastCard = (): Scenario =>
  scenario(
    'targetOnLastCard',
    'seat 0 (captain+assassin, 3 coins) to act; seat 1 has one face-down card (contessa, slot 1) after a coup',
    [
      ['captain', 'assassin'],
      ['duke', 'contessa'],
      ['ambassador', 'duke'],
    ],
    { coins: [3, 2, 7], firstSeat: 2 },
    [
      [2, act.coup(1)],
      [1, act.loseCard(0)],
    ],
  );

/** Shared by the two exchange scenarios: the deck's top is contessa, then captain. */
const EXCHANGE_HANDS: Role[][] = [
  ['ambassador', 'duke'],
  ['captain', 'contessa'],
  ['assassin', 'duke'],
];

export const exchangeReturnTwo = (): Scenario =>
  scenario(
    'exchangeReturnTwo',
    'seat 0 (ambassador+duke) exchanged, unchallenged, drew contessa+captain: pool is [ambassador, duke, contessa, captain]',
    EXCHANGE_HANDS,
    { deckTop: ['contessa', 'captain'] },
    [
      [0, act.exchange],
      [1, act.pass],
      [2, act.pass],
    ],
  );

export const exchangeReturnOne = (): Scenario =>
  scenario(
    'exchangeReturnOne',
    'seat 0 lost slot 0 (ambassador) to a coup, exchanged with duke face-down in slot 1, drew contessa+captain: pool is [duke, contessa, captain]',
    EXCHANGE_HANDS,
    { deckTop: ['contessa', 'captain'], coins: [2, 7, 2], firstSeat: 1 },
    [
      [1, act.coup(0)],
      [0, act.loseCard(0)],
      [2, act.income],
      [0, act.exchange],
      [1, act.pass],
      [2, act.pass],
    ],
  );

export const headsUpLastCards = (): Scenario =>
  scenario(
    'headsUpLastCards',
    '2 seats with one face-down card each (seat 0: captain in slot 1, seat 1: contessa in slot 1), seat 0 to act with 7 coins',
    [
      ['duke', 'captain'],
      ['assassin', 'contessa'],
    ],
    { coins: [14, 7] },
    [
      [0, act.coup(1)],
      [1, act.loseCard(0)],
      [1, act.coup(0)],
      [0, act.loseCard(0)],
    ],
  );

/**
 * 5 seats at turn 299, the last turn before the cap, seat 3 to act. Turns 0-2 were coups (seat 4 eliminated,
 * seat 3 down to one card); every later turn was an unchallenged exchange that returned the drawn cards, so
 * coins did not move: [0, 0, 1, 2, 0], face-down cards [2, 2, 2, 1, 0].
 */
export const nearTurnCap = (): Scenario => {
  const steps: Step[] = [
    [0, act.coup(4)],
    [4, act.loseCard(0)],
    [1, act.coup(4)],
    [4, act.loseCard(1)],
    [2, act.coup(3)],
    [3, act.loseCard(0)],
  ];
  const order = [3, 0, 1, 2];
  for (let turn = 3; turn < 299; turn++) {
    const seat = order[(turn - 3) % 4] as number;
    steps.push([seat, act.exchange]);
    for (let k = 1; k < 4; k++) steps.push([order[(((turn - 3) % 4) + k) % 4] as number, act.pass]);
    // Return the two drawn cards: they come after the face-down cards in the pool.
    const faceDown = seat === 3 ? 1 : 2;
    steps.push([seat, act.returnCards(faceDown, faceDown + 1)]);
  }
  return scenario(
    'nearTurnCap',
    '5 seats at turn 299 (the last one), seat 3 to act; coins [0, 0, 1, 2, 0], face-down [2, 2, 2, 1, 0], seat 4 eliminated',
    [
      ['duke', 'assassin'],
      ['captain', 'contessa'],
      ['ambassador', 'duke'],
      ['assassin', 'captain'],
      ['contessa', 'ambassador'],
    ],
    { coins: [7, 7, 8, 2, 2] },
    steps,
  );
};

/** Every scenario by name, both rulesets', for tests that check all of them (invariants, views, serialisation). */
export const SCENARIOS: Readonly<Record<string, () => Scenario>> = {
  ...INQUISITOR_SCENARIOS,
  threeSeatOpening,
  headsUpOpening,
  sixSeatOpening,
  forcedCoup,
  coupReady,
  truthfulDukeChallenged,
  bluffedDukeChallenged,
  duplicateDukeChallenged,
  revealedDukeThenChallenged,
  challengeActionWindow,
  foreignAidBlockWindow,
  assassinationBlockWindow,
  truthfulContessaBlock,
  bluffedContessaBlock,
  stealBlockWindow,
  targetOnLastCard,
  exchangeReturnTwo,
  exchangeReturnOne,
  headsUpLastCards,
  nearTurnCap,
};
