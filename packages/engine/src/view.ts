import { computeRanking } from './ranking';
import { faceDownCount } from './seats';
import type { GameEvent, GameState, PlayerView, PublicPlayerView, Role } from './types';

/**
 * The only way state leaves the engine toward a seat: its own cards, public facts about everyone else,
 * never another seat's face-down cards, the deck order or the PRNG state. `seat` null is a spectator.
 */
export function viewFor(s: GameState, seat: number | null): PlayerView {
  const players: PublicPlayerView[] = s.players.map((p, i) => {
    const revealed: Role[] = [];
    for (const c of p.cards) if (c.revealed) revealed.push(c.role);
    return { seat: i, coins: p.coins, faceDown: faceDownCount(p), revealed, eliminated: p.eliminated };
  });
  const own = seat !== null ? s.players[seat] : undefined;
  const you: PlayerView['you'] = own
    ? {
        seat: seat as number,
        coins: own.coins,
        cards: own.cards.map((c) => ({ role: c.role, revealed: c.revealed })),
      }
    : null;
  if (you && s.phase === 'exchange_return' && s.activeSeat === seat) you.drawn = [...s.drawn];
  return {
    seat: own ? (seat as number) : null,
    phase: s.phase,
    turn: s.turn,
    activeSeat: s.activeSeat,
    deckSize: s.deck.length,
    you,
    players,
    pending: s.pending ? { ...s.pending } : null,
    losingSeat: s.phase === 'lose_influence' ? (s.losses[0]?.seat ?? null) : null,
    ranking: s.phase === 'game_over' ? computeRanking(s) : null,
  };
}

/** An event as `seat` may see it (null: spectator): private card identities are removed for others. */
export function eventFor(e: GameEvent, seat: number | null): GameEvent {
  switch (e.type) {
    case 'card_shown':
      if (e.seat !== seat && e.replacement !== undefined) {
        const { replacement: _hidden, ...rest } = e;
        return rest;
      }
      return e;
    case 'exchange_drawn':
      if (e.seat !== seat && e.roles !== undefined) {
        const { roles: _hidden, ...rest } = e;
        return rest;
      }
      return e;
    case 'exchange_returned':
      if (e.seat !== seat && e.returned !== undefined) {
        const { returned: _hidden, ...rest } = e;
        return rest;
      }
      return e;
    default:
      return e;
  }
}

export function eventsFor(events: readonly GameEvent[], seat: number | null): GameEvent[] {
  return events.map((e) => eventFor(e, seat));
}
