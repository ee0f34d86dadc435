import {
  ACTION_OUTCOMES,
  BLOCK_OUTCOMES,
  BLOCKERS,
  actionKeys,
  blockKeys,
  blankPeopleRecord,
  challengeKeys,
  claimedBefore,
  dropClaim,
  markRichest,
  noteClaim,
  standsOn,
  TARGETED_ACTIONS,
} from '@coup/bots';
import type {
  BlockSituation,
  ChallengeSituation,
  GameCounts,
  PeopleRecord,
  TargetedAction,
} from '@coup/bots';
import type { Role } from '@coup/engine';
import { UNKNOWN_PLAYER, claimedRole } from '@coup/archive-format';
import type { ArchivePlayerState, DecodedGame } from '@coup/archive-format';
import { parseTurns } from '../grammar';
import type { ArchiveTurn, LeftAt } from '../grammar';
import { engineAction } from '../rules';

// People's decisions in one archive game, counted into a `people` model's tables (@coup/bots GameCounts)
// with the very situations the bot reads from its requests (features.ts). A turn is read whole, with the
// snapshot that closes it, and its chances are those of the human baselines (baselines.ts): each other
// player still standing may challenge an action's claim, the actor may challenge a block, every other
// standing player may block foreign aid, the target a steal or an assassination not cancelled by its
// challenge. Only people's seats (not marked "ai") count; everyone's claims feed the standing-claims record.
// A foreign-aid block whose blocker the record does not name is handed back (UnknownBlock) for the fitter
// to share out among the seats that could have made it.

const COPIES = 3;

// The model's outcome indices: the bot reads the tables with the same lists.
const ACTION_INDEX: readonly string[] = ACTION_OUTCOMES;
const TARGETED = new Set<string>(TARGETED_ACTIONS);

/** A foreign-aid block by a seat the record does not name: who could have made it, as their block keys. */
export interface UnknownBlock {
  /** One per seat that could have blocked: whether it is a person, and its keys (blockKeys). */
  eligible: { human: boolean; keys: string[] }[];
}

const faceDown = (s: ArchivePlayerState | undefined): Role[] =>
  (s?.influence ?? []).filter((c) => !c.revealed).map((c) => c.role as Role);

/** The stages of a turn at which a seat may have left (a PLAYER_LEFT), in order. */
const STAGES: LeftAt[] = [
  'before_action',
  'after_action',
  'after_challenge',
  'after_block',
  'after_block_challenge',
];

export function countGame(
  game: DecodedGame,
  counts: GameCounts,
  onUnknownBlock: (b: UnknownBlock) => void,
): { decisions: number } {
  const parsed = parseTurns(game.events);
  if (!parsed.ok) return { decisions: 0 };
  const n = game.playerCount;
  const human = (p: number) => p >= 0 && p < n && game.playerIds[p] !== 'ai';
  const rec = blankPeopleRecord(Math.max(6, n));
  const left = new Set<number>();
  let decisions = 0;
  parsed.game.turns.forEach((t, i) => {
    decisions += countTurn(game, t, i + 1, rec, left, human, counts, onUnknownBlock);
    for (const l of t.left) left.add(l.player);
  });
  return { decisions };
}

function countTurn(
  game: DecodedGame,
  t: ArchiveTurn,
  turn: number,
  rec: PeopleRecord,
  leftBefore: ReadonlySet<number>,
  human: (p: number) => boolean,
  counts: GameCounts,
  onUnknownBlock: (b: UnknownBlock) => void,
): number {
  const S = t.start.playerStates;
  const N = t.next.playerStates;
  const seats = S.map((_, p) => p);
  const actor = t.start.whoseTurn;
  const losses = new Map<number, number>();
  const lose = (p: number) => losses.set(p, (losses.get(p) ?? 0) + 1);
  /** Who had left by the end of `stage` (this turn's leavers up to it included). */
  const leftBy = (stage: LeftAt) => {
    const upTo = STAGES.slice(0, STAGES.indexOf(stage) + 1);
    return new Set([...leftBefore, ...t.left.filter((l) => upTo.includes(l.at)).map((l) => l.player)]);
  };
  const cardsOf = (p: number) => faceDown(S[p]).length - (losses.get(p) ?? 0);
  const standingAt = (stage: LeftAt) => {
    const gone = leftBy(stage);
    return (p: number) => !gone.has(p) && cardsOf(p) > 0;
  };
  /** A seat's face-down roles now: its start hand, or the closing snapshot's once it lost a card. */
  const handOf = (p: number): Role[] => {
    const start = faceDown(S[p]);
    if (!losses.get(p)) return start;
    const after = faceDown(N[p]);
    return after.length === cardsOf(p) ? after : start.slice(0, cardsOf(p));
  };
  let decisions = 0;
  const a = t.action;
  if (a) {
    const standing = standingAt('before_action');
    const alive = seats.filter(standing).length;
    const action = engineAction(a.action);
    const claim = claimedRole(a.action, game.gameType) as Role | null;
    if (human(actor)) {
      const opponents = seats.filter((p) => p !== actor && standing(p));
      counts.action.add(
        actionKeys({
          coins: S[actor]?.cash ?? 0,
          hand: faceDown(S[actor]),
          alive,
          threatened: opponents.some((p) => (S[p]?.cash ?? 0) >= 7),
          dukeClaimed: opponents.some((p) => standsOn(rec, p, 'duke')),
        }),
        ACTION_INDEX.indexOf(action),
      );
      decisions++;
      if (TARGETED.has(action) && a.target !== undefined) {
        const blocking: readonly Role[] =
          action === 'steal' ? BLOCKERS.steal : action === 'assassinate' ? BLOCKERS.assassinate : [];
        const cands = opponents.map((p) => ({
          seat: p,
          coins: S[p]?.cash ?? 0,
          cards: faceDown(S[p]).length,
          blockClaim: blocking.some((r) => standsOn(rec, p, r)),
        }));
        const marked = markRichest(cands);
        counts.addTarget(
          action as TargetedAction,
          marked,
          cands.findIndex((c) => c.seat === a.target),
        );
      }
    }

    // The action's claim: every other standing seat may challenge it.
    if (claim) {
      const ac = t.actionChallenge;
      for (const p of seats) {
        if (p === actor || !standing(p) || !human(p)) continue;
        const s = challengeOf(p, claim, actor, 'action', a.target === p, S, turn, rec, handOf(p), alive);
        counts.challenge.add(challengeKeys(s), ac?.challenger === p ? 1 : 0);
        decisions++;
      }
      noteClaim(rec, actor, claim, turn);
      if (ac) {
        lose(ac.success ? actor : ac.challenger);
        dropClaim(rec, actor, claim);
      }
    }

    const cancelled = t.actionChallenge?.success === true;
    const blockable = action === 'foreign_aid' || action === 'steal' || action === 'assassinate';
    if (blockable && !cancelled) {
      const standingB = standingAt('after_challenge');
      const aliveB = seats.filter(standingB).length;
      const eligible =
        action === 'foreign_aid'
          ? seats.filter((p) => p !== actor && standingB(p))
          : a.target !== undefined && standingB(a.target)
            ? [a.target]
            : [];
      const situation = (p: number): BlockSituation => {
        const hand = handOf(p);
        const act = action as BlockSituation['action'];
        return {
          action: act,
          held: BLOCKERS[act].filter((r) => hand.includes(r)),
          myCards: hand.length,
          alive: aliveB,
        };
      };
      const b = t.block;
      if (b && b.blockingPlayer === UNKNOWN_PLAYER) {
        onUnknownBlock({
          eligible: eligible.map((p) => ({ human: human(p), keys: blockKeys(situation(p)) })),
        });
      } else {
        for (const p of eligible) {
          if (!human(p)) continue;
          const o = b && b.blockingPlayer === p ? BLOCK_OUTCOMES.indexOf(b.blockingRole as never) : 0;
          counts.block.add(blockKeys(situation(p)), Math.max(0, o));
          decisions++;
        }
      }
      if (b) {
        const blocker = b.blockingPlayer === UNKNOWN_PLAYER ? null : b.blockingPlayer;
        const role = b.blockingRole as Role;
        // The actor may challenge the block (treason lets any seat; our rules, the actor only), if still
        // standing when the block came (as the baselines count its chance).
        if (human(actor) && standingB(actor)) {
          const s = challengeOf(actor, role, blocker, 'block', false, S, turn, rec, handOf(actor), aliveB);
          counts.challenge.add(challengeKeys(s), t.blockChallenge?.challenger === actor ? 1 : 0);
          decisions++;
        }
        if (blocker !== null) noteClaim(rec, blocker, role, turn);
        const bc = t.blockChallenge;
        if (bc) {
          lose(bc.success ? bc.challenged : bc.challenger);
          if (blocker !== null) dropClaim(rec, blocker, role);
        }
      }
    }
  }
  decisions += countReveals(t, human, counts);
  closeTurn(t, rec);
  return decisions;
}

function challengeOf(
  p: number,
  role: Role,
  claimer: number | null,
  against: 'action' | 'block',
  vsMe: boolean,
  S: readonly ArchivePlayerState[],
  turn: number,
  rec: PeopleRecord,
  hand: Role[],
  alive: number,
): ChallengeSituation {
  const mine = hand.filter((r) => r === role).length;
  let revealed = 0;
  for (const s of S) for (const c of s.influence) if (c.revealed && c.role === role) revealed++;
  return {
    against,
    role,
    mine,
    unseen: COPIES - revealed - mine,
    vsMe,
    myCards: hand.length,
    theirCards: claimer === null ? null : faceDown(S[claimer]).length,
    alive,
    repeat: claimer === null ? null : claimedBefore(rec, claimer, role, turn),
  };
}

/**
 * Cards people gave up between two different roles: a seat that held two, kept its slots' roles, and has
 * one of them newly revealed in the closing snapshot (not by leaving, nor after an exchange or a proven
 * claim, which change the hand).
 */
function countReveals(t: ArchiveTurn, human: (p: number) => boolean, counts: GameCounts): number {
  const S = t.start.playerStates;
  const N = t.next.playerStates;
  let n = 0;
  S.forEach((s, p) => {
    if (!human(p) || t.left.some((l) => l.player === p)) return;
    const proven = [t.actionChallenge, t.blockChallenge].some((c) => c && !c.success && c.challenged === p);
    const exchanged = p === t.start.whoseTurn && t.action?.action === 'exchange';
    if (proven || exchanged) return;
    const down = s.influence.filter((c) => !c.revealed);
    if (down.length !== 2 || down[0]?.role === down[1]?.role) return;
    const after = N[p]?.influence;
    if (!after || after.length !== s.influence.length) return;
    if (s.influence.some((c, i) => after[i]?.role !== c.role)) return;
    const newly = s.influence.filter((c, i) => !c.revealed && after[i]?.revealed);
    if (newly.length !== 1) return;
    counts.addReveal(down[0]!.role as Role, down[1]!.role as Role, newly[0]!.role as Role);
    n++;
  });
  return n;
}

/** The claims the closing snapshot ends: revealed cards, and an exchange's hand. */
function closeTurn(t: ArchiveTurn, rec: PeopleRecord): void {
  const S = t.start.playerStates;
  const N = t.next.playerStates;
  S.forEach((s, p) => {
    s.influence.forEach((c, i) => {
      if (!c.revealed && N[p]?.influence[i]?.revealed) dropClaim(rec, p, N[p]!.influence[i]!.role as Role);
    });
  });
  if (t.action?.action === 'exchange' && !t.actionChallenge?.success) rec.claims[t.start.whoseTurn]?.clear();
}
