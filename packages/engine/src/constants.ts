/**
 * Bumped whenever the engine could produce a different game from the same seed and answers. Older
 * versions stay playable (versions.ts) so that their replays still verify. 2.0.0: 128-bit seeding,
 * forfeits reveal in role order.
 */
export const ENGINE_VERSION = '2.0.0';
/**
 * Bumped whenever RULES.md changes the rules of a game already played (adding a ruleset changes none).
 * 2: other seats no longer see slots (card_shown, influence_lost).
 */
export const RULESET_VERSION = '2';

export const MIN_SEATS = 2;
export const MAX_SEATS = 6;
/** How many copies of each role a deck holds, in every ruleset so far (Ruleset.copiesPerRole). */
export const COPIES_PER_ROLE = 3;
export const START_COINS = 2;
export const HAND_SIZE = 2;
export const TURN_CAP = 300;
export const FORCED_COUP_COINS = 10;
