import { computeRanking } from './ranking';
import { RULE_REDACTORS, rulesetOf } from './rulesets';
import { faceDownCount } from './seats';
import { ALL_ROLES } from './types';
import type { GameEvent, GameState, PlayerView, PublicPlayerView, Role } from './types';

// What a seat may know is what it would know at a table. Others see which roles a seat showed or lost,
// never where in its hand they sat: a slot would tell them, for instance, whether a seat that showed the
// lowest Duke of [duke, duke] and of [captain, duke] still holds a second one. So slots stay with their
// seat, and public lists of roles are in role order (ALL_ROLES, which orders every ruleset's roles).

const ROLE_RANK: Readonly<Record<Role, number>> = Object.fromEntries(
  ALL_ROLES.map((r, i) => [r, i]),
) as Record<Role, number>;

/**
 * The only way state leaves the engine toward a seat: its own cards, public facts about everyone else,
 * never another seat's face-down cards, slots, the deck order or the PRNG state. `seat` null is a spectator.
 */
export function viewFor(s: GameState, seat: number | null): PlayerView {
  const players: PublicPlayerView[] = s.players.map((p, i) => {
    const revealed: Role[] = [];
    for (const c of p.cards) if (c.revealed) revealed.push(c.role);
    if (revealed.length > 1) revealed.sort((a, b) => ROLE_RANK[a] - ROLE_RANK[b]);
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
  else if (you) rulesetOf(s).phase[s.phase]?.own?.(s, seat as number, you);
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

/**
 * An event as `seat` may see it (null: spectator). Other seats' copies lose every private field: the
 * slot and replacement of a shown card, the slot of a lost card, the roles drawn and returned by an
 * exchange, what an interrogation showed. What remains depends only on what a table would show, so two hands a player could not tell
 * apart give it identical copies. The seat's own copy is the event itself.
 */
export function eventFor(e: GameEvent, seat: number | null): GameEvent {
  if (e.type === 'turn_started' || e.type === 'game_over') return e;
  // Events a ruleset's action brings say themselves who sees what (an interrogation has two parties).
  const redact = RULE_REDACTORS.get(e.type);
  if (redact) return redact(e, seat);
  if (e.seat === seat) return e;
  switch (e.type) {
    case 'card_shown':
      return { type: e.type, turn: e.turn, seat: e.seat, role: e.role };
    case 'influence_lost':
      return { type: e.type, turn: e.turn, seat: e.seat, role: e.role, reason: e.reason };
    case 'exchange_drawn':
    case 'exchange_returned':
      return { type: e.type, turn: e.turn, seat: e.seat, count: e.count };
    default:
      return e;
  }
}

export function eventsFor(events: readonly GameEvent[], seat: number | null): GameEvent[] {
  return events.map((e) => eventFor(e, seat));
}
