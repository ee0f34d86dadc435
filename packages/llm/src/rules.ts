import {
  BLOCK_ROLES,
  CLAIM,
  COPIES_PER_ROLE,
  COST,
  FORCED_COUP_COINS,
  HAND_SIZE,
  MAX_SEATS,
  MIN_SEATS,
  ROLES,
  RULESET_VERSION,
  START_COINS,
  TARGETED,
  TURN_ACTIONS,
  TURN_CAP,
} from '@coup/engine';
import type { Role, TurnActionType } from '@coup/engine';

// The rules as a language model is told them (the system message of a hosted llm agent). The numbers and
// the action table come from the engine's constants, so a rule change in the engine changes this text; the
// facts around them are docs/RULES.md's, written once here in the words a player needs (no engine
// internals: PRNG, slots of other seats, replays). Deterministic: the same engine gives the same text.

/** What each turn action does when it resolves (RULES.md "A turn"). */
const EFFECT: Readonly<Record<TurnActionType, string>> = {
  income: 'take 1 coin',
  foreign_aid: 'take 2 coins',
  coup: 'the target loses 1 influence',
  tax: 'take 3 coins',
  assassinate: 'the target loses 1 influence',
  steal: "take up to 2 of the target's coins",
  exchange: 'draw 2 cards from the deck, then return 2 cards of your choice',
};

const roleList = (roles: readonly Role[]) => roles.join(' or ');

function actionLine(a: TurnActionType): string {
  const parts = [`- ${a}: ${EFFECT[a]}`];
  if (COST[a] > 0) parts.push(`costs ${COST[a]} coins (paid when declared, never refunded)`);
  if (TARGETED[a]) parts.push('names a target (another living seat)');
  const claim = CLAIM[a];
  parts.push(claim ? `claims ${claim} (can be challenged)` : 'claims no role (cannot be challenged)');
  const blockers = BLOCK_ROLES[a];
  if (blockers.length === 0) parts.push('cannot be blocked');
  else if (TARGETED[a]) parts.push(`the target may block it claiming ${roleList(blockers)}`);
  else parts.push(`any other living seat may block it claiming ${roleList(blockers)}`);
  return `${parts.join('; ')}.`;
}

/** The rules of the game, for the system message. */
export function rulesText(): string {
  return [
    `You are playing Coup (ruleset ${RULESET_VERSION}), a card game of bluffing, against other agents.`,
    '',
    'SETUP',
    `- ${MIN_SEATS} to ${MAX_SEATS} seats. The deck holds ${COPIES_PER_ROLE} copies each of ${ROLES.join(', ')} (${COPIES_PER_ROLE * ROLES.length} cards).`,
    `- Each seat starts with ${HAND_SIZE} face-down cards (its influence) and ${START_COINS} coins.`,
    '- Face-down cards are secret: you see only your own. Revealed cards are public and no longer count.',
    '',
    'YOUR TURN: choose one action',
    ...TURN_ACTIONS.map(actionLine),
    `- With ${FORCED_COUP_COINS} or more coins you must coup.`,
    '- You may claim any role whether or not you hold it: a claim you cannot back is a bluff.',
    '',
    'CHALLENGES AND BLOCKS',
    '- When someone claims a role (with an action or a block), any other living seat may challenge it.',
    '- If the challenged seat holds the role face-down, it shows the card, shuffles it into the deck and draws a',
    '  replacement; the challenger loses 1 influence and the claim stands.',
    '- If it does not, the challenged seat loses 1 influence and its claim fails: a challenged action is',
    '  cancelled (its cost stays paid), a challenged block fails and the action goes ahead.',
    '- When several seats may challenge or block at once, the first of them in turn order after the actor who',
    '  does so is the one that acts, whoever answered first.',
    '- The acting seat may challenge a block; if it does not, the action is blocked.',
    '',
    'LOSING INFLUENCE',
    '- To lose an influence you choose one of your face-down cards to reveal.',
    '- A seat with no face-down cards is eliminated; its coins are lost. The last seat with influence wins.',
    `- The game stops after ${TURN_CAP} turns: surviving seats are then ranked by face-down cards, then coins.`,
    '- Other seats learn which role you revealed, never which of your cards it was.',
    '',
    'ANSWERING',
    '- Each message describes the situation and lists the legal answers, each with its exact JSON.',
    '- Reply with one JSON object and nothing else: {"action": <one of the listed actions, copied exactly>}.',
    '  You may add "comment" (at most 280 characters) for spectators.',
    '- An answer that is not one of the listed actions is a fault: a default action is played for you, and a',
    '  third fault in a match forfeits the seat.',
  ].join('\n');
}
