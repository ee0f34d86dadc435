import type {
  ArchiveAction,
  ArchiveEvent,
  ArchivePlayerState,
  ArchiveRole,
  DecodedGame,
} from '@coup/archive-format';

// Builds decoded archive games for tests: the builder keeps each player's coins and face-down cards, so the
// START_OF_TURN and GAME_OVER states follow from the turns played. Simplified where tests do not care: a
// player who loses influence gives up its first face-down card, and a truthful claimer who wins a
// challenge keeps its card (the archive's states would show the replacement drawn).

export interface BuilderPlayer {
  /** "ai" marks a computer player. */
  id: string;
  cards: [ArchiveRole, ArchiveRole];
  cash?: number;
}

export interface TurnSpec {
  target?: number;
  /** A challenge of the action's claim: `success` when it caught a bluff. */
  challenge?: { by: number; success: boolean };
  block?: { by: number; role: ArchiveRole; challenge?: { success: boolean } };
  /** A PLAYER_LEFT written right after the START_OF_TURN. */
  leaves?: number;
}

export interface GameBuilder {
  turn(actor: number, action: ArchiveAction, spec?: TurnSpec): GameBuilder;
  /** Ends with GAME_OVER; the winner is the last player standing unless given. */
  end(winner?: number): DecodedGame;
}

export function gameBuilder(
  players: BuilderPlayer[],
  opts: { gameType?: DecodedGame['gameType']; gameId?: string | number } = {},
): GameBuilder {
  const st: ArchivePlayerState[] = players.map((p) => ({
    cash: p.cash ?? 2,
    influence: p.cards.map((role) => ({ role, revealed: false })),
  }));
  const events: ArchiveEvent[] = [];
  const left = new Set<number>();
  const snapshot = () => st.map((s) => ({ cash: s.cash, influence: s.influence.map((c) => ({ ...c })) }));
  const lose = (p: number) => {
    const card = st[p]?.influence.find((c) => !c.revealed);
    if (card) card.revealed = true;
  };
  const standing = (p: number) => !left.has(p) && (st[p]?.influence.some((c) => !c.revealed) ?? false);

  const b: GameBuilder = {
    turn(actor, action, spec = {}) {
      events.push({ type: 'START_OF_TURN', whoseTurn: actor, playerStates: snapshot() });
      if (spec.leaves !== undefined) {
        events.push({ type: 'PLAYER_LEFT', player: spec.leaves });
        left.add(spec.leaves);
      }
      const t = spec.target;
      events.push(t === undefined ? { type: 'ACTION', action } : { type: 'ACTION', action, target: t });
      const me = st[actor]!;
      if (action === 'assassinate') me.cash -= 3;
      if (action === 'coup') me.cash -= 7;
      let happens = true;
      if (spec.challenge) {
        const c = spec.challenge;
        const type = c.success ? 'CHALLENGE_SUCCESS' : 'CHALLENGE_FAIL';
        events.push({ type, challenger: c.by, challenged: actor });
        lose(c.success ? actor : c.by);
        if (c.success) happens = false;
      }
      if (happens && spec.block) {
        const k = spec.block;
        events.push({ type: 'BLOCK', blockingPlayer: k.by, blockingRole: k.role });
        happens = false;
        if (k.challenge) {
          const type = k.challenge.success ? 'CHALLENGE_SUCCESS' : 'CHALLENGE_FAIL';
          events.push({ type, challenger: actor, challenged: k.by });
          lose(k.challenge.success ? k.by : actor);
          happens = k.challenge.success;
        }
      }
      if (happens) {
        const victim = t === undefined ? undefined : st[t];
        switch (action) {
          case 'income':
            me.cash += 1;
            break;
          case 'foreign-aid':
            me.cash += 2;
            break;
          case 'tax':
            me.cash += 3;
            break;
          case 'steal': {
            const n = Math.min(2, victim?.cash ?? 0);
            if (victim) victim.cash -= n;
            me.cash += n;
            break;
          }
          case 'assassinate':
          case 'coup':
            if (t !== undefined && standing(t)) lose(t);
            break;
          default:
            break;
        }
      }
      return b;
    },
    end(winner) {
      events.push({ type: 'GAME_OVER', playerStates: snapshot() });
      const standingPlayers = players.map((_, p) => p).filter(standing);
      const w = winner ?? standingPlayers[0] ?? 0;
      const out = players.map((_, p) => p).filter((p) => p !== w);
      return {
        gameId: opts.gameId ?? 1,
        gameType: opts.gameType ?? 'original',
        playerCount: players.length,
        playerIds: players.map((p) => p.id),
        winner: w,
        // The archive's playerRank: players best first (the winner, then the others in seat order here).
        playerRank: [w, ...out],
        events,
      };
    },
  };
  return b;
}
