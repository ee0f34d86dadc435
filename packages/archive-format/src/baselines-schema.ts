import { z } from 'zod';
import { ARCHIVE_ACTIONS, ARCHIVE_ROLES, GAME_TYPES } from './format';

// The stored shape of human baselines (human_datasets.baselines), computed by baselines.ts. Rates are
// rounded to 3 decimals and null when nothing was counted (no division by zero), as the agents' own
// behaviour figures (packages/platform/src/seat-stats.ts `behaviour`), whose names they reuse where they
// mean the same: bluffRate, challengeRate, challengeSuccess, blockRate.

const count = z.number().int().min(0);
const rate = z.number().min(0).max(1).nullable();

/** The figures whose basis (games and decisions) is given, by their names below. */
export const FIGURES = [
  'actionMix',
  'bluffRate',
  'challengeRate',
  'claimChallengeRate',
  'challengeSuccess',
  'blockChallengeSuccess',
  'blockRate',
  'actionBlockRate',
] as const;
export type Figure = (typeof FIGURES)[number];

/** What a figure rests on: the games that gave it a decision, and its decisions (its denominator). */
export const figureBasis = z.object({ games: count, decisions: count });

export const roleBaseline = z.object({
  /** Claims of the role: actions that claim it plus blocks that claim it. */
  claims: count,
  actionClaims: count,
  blockClaims: count,
  /** Claims whose claimer's cards were known at that moment (see baselines.ts). */
  known: count,
  /** Known claims of a role the claimer did not hold face-down. */
  bluffs: count,
  bluffRate: rate,
  /** Games with a known claim of the role (what bluffRate rests on, with `known` claims). */
  games: count,
});
export type RoleBaseline = z.infer<typeof roleBaseline>;

export const seatWinRate = z.object({ seat: count, played: count, wins: count, winRate: rate });

export const behaviourBaseline = z
  .object({
    /** Games counted: every game for `all`, the games with at least one person for `humans`. */
    games: count,
    /** Per figure, the games and decisions it rests on (a rate over few decisions says little). */
    basis: z.object(
      Object.fromEntries(FIGURES.map((f) => [f, figureBasis])) as Record<Figure, typeof figureBasis>,
    ),
    /** Actions taken (turns with an ACTION). */
    actions: count,
    /** Each action's count and share of all actions. */
    actionMix: z.record(z.enum(ARCHIVE_ACTIONS), z.object({ count, share: rate })),
    /** Per claimed role (every role listed; `inquisitor` only ever claimed in inquisitors games). */
    roles: z.record(z.enum(ARCHIVE_ROLES), roleBaseline),
    claims: count,
    known: count,
    bluffs: count,
    /** bluffs / known claims, over all roles: the agents' `bluffRate`. */
    bluffRate: rate,
    /**
     * Challenge chances: for each challengeable claim, each other living player who could challenge it
     * (every other player for an action's claim, the actor for a block). The archive records only the
     * challenge that happened, so a chance is a player's opportunity, as an agent's challenge window.
     */
    challengeChances: count,
    /** Challengeable claims (actions with a claim, and blocks) that at least one counted player could challenge. */
    challengeableClaims: count,
    challenges: count,
    actionChallenges: count,
    blockChallenges: count,
    /** Challenges that caught a bluff (CHALLENGE_SUCCESS). */
    challengesWon: count,
    blockChallengesWon: count,
    /** challenges / challengeChances: the agents' `challengeRate` (a rate per decision window). */
    challengeRate: rate,
    /** challenges / challengeableClaims: how often a claim is challenged at all. */
    claimChallengeRate: rate,
    /** challengesWon / challenges: the agents' `challengeSuccess`. */
    challengeSuccess: rate,
    /** blockChallengesWon / blockChallenges: how often a challenged block was a bluff. */
    blockChallengeSuccess: rate,
    /** Block chances: each eligible player of each blockable action still standing (see baselines.ts). */
    blockChances: count,
    /** Blockable actions (foreign aid, steal, assassinate, not cancelled by a challenge) a counted player could block. */
    blockableActions: count,
    blocks: count,
    /** blocks / blockChances: the agents' `blockRate`. */
    blockRate: rate,
    /** blocks / blockableActions: how often a blockable action is blocked at all. */
    actionBlockRate: rate,
    /** Win rate by seat (the archive's player index), per player count. */
    winRates: z.array(
      z.object({ playerCount: count, games: count, winRate: rate, seats: z.array(seatWinRate) }),
    ),
  })
  .meta({ id: 'HumanBehaviourBaseline' });
export type BehaviourBaseline = z.infer<typeof behaviourBaseline>;

export const gameTypeBaseline = z.object({
  games: count,
  /**
   * Games with at least one person: a seat not marked "ai" (the archive's computer players), a seat whose
   * id the archive lost included (a person who left: its computer players never leave a game).
   */
  gamesWithHumans: count,
  /** Every player's decisions, people's and the archive's computer players'. */
  all: behaviourBaseline,
  /** Only people's decisions (and people's seats' wins), from the games with people. */
  humans: behaviourBaseline,
});
export type GameTypeBaseline = z.infer<typeof gameTypeBaseline>;

export const humanBaselines = z
  .object({
    /** 2 since each figure says what it rests on (issue 18); a dataset imported before has none. */
    version: z.literal(2),
    /** Games counted, all game types. */
    games: count,
    /** Per game type: `original` has our rules; `inquisitors` swaps the ambassador for the inquisitor. */
    byGameType: z.object(
      Object.fromEntries(GAME_TYPES.map((t) => [t, gameTypeBaseline])) as Record<
        (typeof GAME_TYPES)[number],
        typeof gameTypeBaseline
      >,
    ),
  })
  .meta({ id: 'HumanBaselines' });
export type HumanBaselines = z.infer<typeof humanBaselines>;
