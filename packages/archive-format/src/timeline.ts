import { z } from 'zod';
import { archiveAction, archiveRole, playerState, UNKNOWN_PLAYER } from './format';
import type { ArchiveEvent, ArchiveRole, DecodedGame } from './format';

// A decoded game's events grouped turn by turn, as the web viewer shows them: each START_OF_TURN and what
// followed it (the action, a challenge of it, a block, a challenge of the block, players leaving).

const player = z.number().int().min(0).max(15);
const challenge = z.object({ challenger: player, success: z.boolean() }).nullable();

export const timelineTurn = z
  .object({
    /** 1-based. */
    turn: z.number().int().min(1),
    actor: player,
    /** Every player's coins and cards when the turn started. */
    states: z.array(playerState),
    /** Players that left the game during this turn (PLAYER_LEFT). */
    left: z.array(player),
    action: z
      .object({
        action: archiveAction,
        target: player.nullable(),
        /** The role the action claims, if any. */
        claim: archiveRole.nullable(),
        /** Whether the actor lacked the claimed role face-down at the turn's start; null without a claim. */
        bluff: z.boolean().nullable(),
      })
      .nullable(),
    /** A challenge of the action's claim: success means it caught a bluff (the action is cancelled). */
    actionChallenge: challenge,
    /** `player` null (and `bluff` unknown) where the archive does not say who blocked. */
    block: z
      .object({ player: player.nullable(), role: archiveRole, bluff: z.boolean().nullable() })
      .nullable(),
    blockChallenge: challenge,
    /** `blocked` (the block stood), `cancelled` (the action's claim was caught), `resolved`, or `none`. */
    outcome: z.enum(['resolved', 'cancelled', 'blocked', 'none']),
  })
  .meta({ id: 'HumanGameTurn' });
export type TimelineTurn = z.infer<typeof timelineTurn>;

export const gameTimeline = z.object({
  turns: z.array(timelineTurn),
  /** The states of GAME_OVER. */
  final: z.array(playerState).nullable(),
});
export type GameTimeline = z.infer<typeof gameTimeline>;

const CLAIM: Partial<Record<string, ArchiveRole>> = {
  tax: 'duke',
  steal: 'captain',
  assassinate: 'assassin',
  exchange: 'ambassador',
  interrogate: 'inquisitor',
};

export function claimedRole(
  action: z.infer<typeof archiveAction>,
  gameType: DecodedGame['gameType'],
): ArchiveRole | null {
  if (action === 'exchange' && gameType === 'inquisitors') return 'inquisitor';
  return CLAIM[action] ?? null;
}

export function gameTimelineOf(
  events: readonly ArchiveEvent[],
  gameType: DecodedGame['gameType'],
): GameTimeline {
  const turns: TimelineTurn[] = [];
  let pendingLeft: number[] = [];
  let final: GameTimeline['final'] = null;
  const holds = (t: TimelineTurn, p: number, role: ArchiveRole) =>
    t.states[p]?.influence.some((c) => !c.revealed && c.role === role) ?? false;
  for (const e of events) {
    const t = turns[turns.length - 1];
    switch (e.type) {
      case 'START_OF_TURN':
        turns.push({
          turn: turns.length + 1,
          actor: e.whoseTurn,
          states: e.playerStates,
          left: pendingLeft,
          action: null,
          actionChallenge: null,
          block: null,
          blockChallenge: null,
          outcome: 'none',
        });
        pendingLeft = [];
        break;
      case 'PLAYER_LEFT':
        if (t) t.left.push(e.player);
        else pendingLeft.push(e.player);
        break;
      case 'ACTION': {
        if (!t) break;
        const claim = claimedRole(e.action, gameType);
        t.action = {
          action: e.action,
          target: e.target ?? null,
          claim,
          bluff: claim ? !holds(t, t.actor, claim) : null,
        };
        t.outcome = 'resolved';
        break;
      }
      case 'BLOCK':
        if (!t) break;
        t.block =
          e.blockingPlayer === UNKNOWN_PLAYER
            ? { player: null, role: e.blockingRole, bluff: null }
            : {
                player: e.blockingPlayer,
                role: e.blockingRole,
                bluff: !holds(t, e.blockingPlayer, e.blockingRole),
              };
        t.outcome = 'blocked';
        break;
      case 'CHALLENGE_SUCCESS':
      case 'CHALLENGE_FAIL': {
        if (!t) break;
        const c = { challenger: e.challenger, success: e.type === 'CHALLENGE_SUCCESS' };
        if (t.block) {
          t.blockChallenge = c;
          if (c.success) t.outcome = 'resolved';
        } else {
          t.actionChallenge = c;
          if (c.success) t.outcome = 'cancelled';
        }
        break;
      }
      case 'GAME_OVER':
        final = e.playerStates;
        break;
    }
  }
  return { turns, final };
}
