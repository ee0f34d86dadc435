import {
  DEFAULT_RULESET,
  FORCED_COUP_COINS,
  HAND_SIZE,
  MAX_SEATS,
  MIN_SEATS,
  RULESETS,
  RULESET_VERSION,
  START_COINS,
  TURN_CAP,
} from '@coup/engine';
import type { ActionRule, AnyTurnActionType, Role, Ruleset, RulesetId } from '@coup/engine';

// The rules as a language model is told them (the system message of a hosted llm agent), generated from
// the game's ruleset (the engine's RULESETS): its deck, and each of its actions' cost, claim, target and
// blockers, so a rule change in the engine, or another ruleset, changes this text. The facts around them
// are docs/RULES.md's, written once here in the words a player needs (no engine internals: PRNG, slots of
// other seats, replays). Deterministic: the same engine and ruleset give the same text.

/** What a card count reads like: "1 card", "2 cards". */
const cards = (n: number) => (n === 1 ? '1 card' : `${n} cards`);

/**
 * What each turn action does when it resolves (RULES.md "A turn"), from its rule. Keyed by every action
 * type of every ruleset: a new action fails to compile until it is described here.
 */
const EFFECT: Readonly<Record<AnyTurnActionType, (a: ActionRule) => string>> = {
  income: () => 'take 1 coin',
  foreign_aid: () => 'take 2 coins',
  coup: () => 'the target loses 1 influence',
  tax: () => 'take 3 coins',
  assassinate: () => 'the target loses 1 influence',
  steal: () => "take up to 2 of the target's coins",
  exchange: (a) =>
    `draw ${cards(a.draws ?? 0)} from the deck, then return ${cards(a.draws ?? 0)} of your choice`,
  interrogate: () =>
    'the target shows you one of its face-down cards (its choice, seen by you alone); you then let it keep the card, or force it to shuffle the card into the deck and draw a replacement',
};

/** More to know about an action that brings its own decisions (its phases), beyond its line. */
const DETAILS: Readonly<Partial<Record<AnyTurnActionType, readonly string[]>>> = {
  interrogate: [
    '- Everyone learns who interrogated whom and whether an exchange was forced; only the two seats learn the',
    '  role shown, and only the target learns its replacement.',
  ],
};

const roleList = (roles: readonly Role[]) => roles.join(' or ');

function actionLine(a: ActionRule): string {
  const parts = [`- ${a.type}: ${EFFECT[a.type](a)}`];
  if (a.cost > 0) parts.push(`costs ${a.cost} coins (paid when declared, never refunded)`);
  if (a.targeted) parts.push('names a target (another living seat)');
  parts.push(a.claim ? `claims ${a.claim} (can be challenged)` : 'claims no role (cannot be challenged)');
  if (a.blockers.length === 0) parts.push('cannot be blocked');
  else if (a.targeted) parts.push(`the target may block it claiming ${roleList(a.blockers)}`);
  else parts.push(`any other living seat may block it claiming ${roleList(a.blockers)}`);
  return `${parts.join('; ')}.`;
}

/** The first line: which game (the base game names no variant, as before rulesets were values). */
function intro(rules: Ruleset): string {
  const variant = rules.id === DEFAULT_RULESET ? '' : `, variant "${rules.id}"`;
  return `You are playing Coup${variant} (ruleset ${RULESET_VERSION}), a card game of bluffing, against other agents.`;
}

/** The rules of the game `ruleset` (default `original`), for the system message. */
export function rulesText(ruleset: RulesetId = DEFAULT_RULESET): string {
  const rules = RULESETS[ruleset];
  const { roles, copiesPerRole } = rules;
  return [
    intro(rules),
    '',
    'SETUP',
    `- ${MIN_SEATS} to ${MAX_SEATS} seats. The deck holds ${copiesPerRole} copies each of ${roles.join(', ')} (${copiesPerRole * roles.length} cards).`,
    `- Each seat starts with ${HAND_SIZE} face-down cards (its influence) and ${START_COINS} coins.`,
    '- Face-down cards are secret: you see only your own. Revealed cards are public and no longer count.',
    '',
    'YOUR TURN: choose one action',
    ...rules.actions.map(actionLine),
    ...rules.actions.flatMap((a) => DETAILS[a.type] ?? []),
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
