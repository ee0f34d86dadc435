import type { Role } from '@coup/engine';

// The situations of the `people` model and how each is cut into context keys, from the finest to the
// coarsest. The bot (reading its seat's request) and the fitter (reading the archive's games of people,
// @coup/archive/people) both describe a decision with these types and these keys, so a table fitted on
// the archive is read back in the same terms. A key of `null` is a level the situation cannot fill (a
// feature the record does not tell): the fitter counts nothing there and the bot skips it.
//
// Changing a key or the number of levels changes the model's meaning: bump MODEL_VERSION (model.ts).

/** Turn actions, with the engine's names (the archive's `foreign-aid` is `foreign_aid` here). */
export const ACTION_OUTCOMES = [
  'income',
  'foreign_aid',
  'tax',
  'steal',
  'assassinate',
  'exchange',
  'coup',
  'interrogate',
] as const;
export type TurnAction = (typeof ACTION_OUTCOMES)[number];

export const CHALLENGE_OUTCOMES = ['pass', 'challenge'] as const;
/** `pass`, or the role claimed by the block. */
export const BLOCK_OUTCOMES = ['pass', 'duke', 'captain', 'ambassador', 'inquisitor', 'contessa'] as const;
export type BlockOutcome = (typeof BLOCK_OUTCOMES)[number];

/** Actions that name a target: the model learns which seat people pick for each. */
export const TARGETED_ACTIONS = ['steal', 'assassinate', 'coup', 'interrogate'] as const;
export type TargetedAction = (typeof TARGETED_ACTIONS)[number];

/** The levels of each table: how many keys its key function returns. */
export const LEVELS = { action: 6, challenge: 6, block: 4, target: 3 } as const;

/** What a seat weighs when it picks its turn's action. */
export interface TurnSituation {
  coins: number;
  /** My face-down roles. */
  hand: readonly Role[];
  /** Seats still in the game, me included. */
  alive: number;
  /** A living opponent has 7 coins or more (a coup may come my way). */
  threatened: boolean;
  /** A living opponent stands on a claim of the duke (it may block foreign aid). */
  dukeClaimed: boolean;
}

/** A chance to challenge a claim: of an action (any other seat) or of a block (the actor). */
export interface ChallengeSituation {
  against: 'action' | 'block';
  role: Role;
  /** Copies of the role in my face-down cards. */
  mine: number;
  /** Copies of the role neither revealed at the table nor in my hand: 0 means the claim is surely false. */
  unseen: number;
  /** The action targets me (a steal or an assassination of me); false for a block. */
  vsMe: boolean;
  myCards: number;
  /** The claimer's face-down cards; null where the record does not say who claimed. */
  theirCards: number | null;
  alive: number;
  /** The claimer has stood on this role since an earlier turn; null where unknown. */
  repeat: boolean | null;
}

/** A chance to block: foreign aid (any other seat), a steal or an assassination (the target). */
export interface BlockSituation {
  action: 'foreign_aid' | 'steal' | 'assassinate';
  /** The roles that may block this action that I hold face-down. */
  held: readonly Role[];
  myCards: number;
  alive: number;
}

/** One seat that a targeted action could name. */
export interface TargetCandidate {
  coins: number;
  cards: number;
  /** It has the most coins of the candidates (ties included). */
  richest: boolean;
  /** It stands on a claim of a role that blocks this action (captain or ambassador/inquisitor for a steal, contessa for an assassination). */
  blockClaim: boolean;
}

/** Coins in the steps where the choices change: 3 (assassinate), 7 (coup), 10 (coup forced). */
export function coinBucket(c: number): string {
  if (c <= 1) return '0';
  if (c === 2) return '2';
  if (c <= 4) return '3';
  if (c <= 6) return '5';
  if (c <= 9) return '7';
  return 'X';
}

export const aliveBucket = (n: number): string => (n >= 4 ? '4' : String(Math.max(2, n)));
const flag = (b: boolean): string => (b ? 'y' : 'n');
/** A hand as its sorted roles: `captain+duke`. */
export const handKey = (roles: readonly Role[]): string => [...roles].sort().join('+') || '-';

export function actionKeys(s: TurnSituation): string[] {
  const hand = handKey(s.hand);
  const coins = coinBucket(s.coins);
  const alive = aliveBucket(s.alive);
  return [
    `${hand}|${coins}|${alive}|${flag(s.threatened)}|${flag(s.dukeClaimed)}`,
    `${hand}|${coins}|${alive}`,
    `${hand}|${coins}`,
    // The hand before the coins: whether a bluff is one depends on it, and the legal moves on the coins.
    hand,
    coins,
    '',
  ];
}

export function challengeKeys(s: ChallengeSituation): (string | null)[] {
  const k = s.against === 'action' ? 'a' : 'b';
  const alive = aliveBucket(s.alive);
  const vs = flag(s.vsMe);
  const mine = Math.min(2, s.mine);
  const unseen = Math.min(3, Math.max(0, s.unseen));
  const fine =
    s.theirCards === null || s.repeat === null
      ? null
      : `${k}|${s.role}|${mine}|${unseen}|${vs}|${s.myCards}|${s.theirCards}|${alive}|${flag(s.repeat)}`;
  return [
    fine,
    `${k}|${s.role}|${mine}|${unseen}|${vs}|${s.myCards}|${alive}`,
    `${k}|${s.role}|${unseen}|${vs}|${alive}`,
    `${k}|${s.role}|${alive}`,
    `${k}|${alive}`,
    k,
  ];
}

export function blockKeys(s: BlockSituation): string[] {
  const held = handKey(s.held);
  return [
    `${s.action}|${held}|${s.myCards}|${aliveBucket(s.alive)}`,
    `${s.action}|${held}|${s.myCards}`,
    `${s.action}|${held}`,
    s.action,
  ];
}

/** A candidate's keys (the table of its action): its propensity to be picked, from fine to coarse. */
export function targetKeys(c: TargetCandidate): string[] {
  const coins = c.coins === 0 ? '0' : c.coins === 1 ? '1' : c.coins >= 7 ? '7' : '2';
  return [
    `${flag(c.richest)}|${coins}|${c.cards}|${flag(c.blockClaim)}`,
    `${flag(c.richest)}|${c.cards}`,
    '',
  ];
}

/** The candidates of a targeted action, each marked richest or not. */
export function markRichest(cands: readonly Omit<TargetCandidate, 'richest'>[]): TargetCandidate[] {
  const most = Math.max(...cands.map((c) => c.coins));
  return cands.map((c) => ({ ...c, richest: c.coins === most }));
}

/** The roles that may block an action (in either ruleset: the inquisitor blocks steals where it plays). */
export const BLOCKERS: Record<BlockSituation['action'], readonly Role[]> = {
  foreign_aid: ['duke'],
  steal: ['captain', 'ambassador', 'inquisitor'],
  assassinate: ['contessa'],
};

/** A pair of distinct roles as the reveal table keys it: sorted, `a+b`. */
export const pairKey = (a: Role, b: Role): string => (a < b ? `${a}+${b}` : `${b}+${a}`);
