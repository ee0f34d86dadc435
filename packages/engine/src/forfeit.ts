import { Draft } from './draft';
import { rulesetOf } from './rulesets';
import { endTurn, leaveWindow, resolveAction, returnDrawn, revealCard, takeLosses } from './flow';
import { isSeat } from './seats';
import { ALL_ROLES } from './types';
import type { GameEvent, GameState } from './types';
import { engineTraits } from './versions';

/**
 * The seat leaves the game now: its face-down cards are revealed, it is eliminated, and every window it
 * was part of goes on without it. A no-op for a seat already gone or a game already over.
 */
export function forfeit(s: GameState, seat: number): { state: GameState; events: GameEvent[] } {
  if (s.phase === 'game_over' || !isSeat(s, seat) || s.players[seat]?.eliminated)
    return { state: s, events: [] };
  const d = new Draft(s, rulesetOf(s));
  const phase = s.phase;
  const pending = s.pending;
  const isActor = seat === s.activeSeat;
  d.emit({ type: 'forfeited', turn: s.turn, seat });
  if (phase === 'exchange_return' && isActor) returnDrawn(d);
  for (const slot of revealOrder(s, seat)) revealCard(d, seat, slot, 'forfeit');
  if (d.over) return { state: d.s, events: d.events };

  switch (phase) {
    case 'action':
    case 'exchange_return':
      if (isActor) endTurn(d);
      break;
    case 'challenge_action':
    case 'block':
      if (isActor) endTurn(d);
      else leaveWindow(d, seat);
      break;
    case 'challenge_block':
      if (isActor) endTurn(d);
      else if (pending?.blocker === seat) {
        // The block lapses and the action resolves.
        d.s.pending = { ...pending, blocker: null, blockRole: null };
        resolveAction(d);
      }
      break;
    case 'lose_influence':
      // The forfeit counts as this seat's owed loss; owed losses of others are still taken.
      d.s.losses = d.s.losses.filter((l) => l.seat !== seat);
      if (isActor) d.s.after = 'end_turn';
      takeLosses(d);
      break;
    default:
      // A phase a ruleset's action brings says how it goes on without the seat.
      d.rules.phase[phase]?.forfeit(d, seat);
  }
  return { state: d.s, events: d.events };
}

/**
 * The face-down slots of `seat` in the order the forfeit reveals them. In role order (ALL_ROLES, then slot)
 * the events say which roles the seat held and nothing about where they sat; engine 1.0.0 went by slot.
 */
function revealOrder(s: GameState, seat: number): number[] {
  const cards = s.players[seat]?.cards ?? [];
  const slots: number[] = [];
  cards.forEach((c, slot) => {
    if (!c.revealed) slots.push(slot);
  });
  if (engineTraits(s.engineVersion).forfeitOrder === 'role') {
    const rank = (slot: number) => ALL_ROLES.indexOf(cards[slot]!.role);
    slots.sort((a, b) => rank(a) - rank(b) || a - b);
  }
  return slots;
}
