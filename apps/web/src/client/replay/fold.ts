import type { Card, GameEvent, Role } from '@coup/engine';
import { activeSeats, cloneSeats } from './model';
import type { DecisionView, Frame, SeatView } from './model';

// Frames rebuilt from events alone (a seat's view, or a replay this engine cannot re-run): coins and
// revealed cards are public; face-down cards are known only for the viewing seat, from what it was sent.

/** What a seat was told in one decision request: the state after the first `at` events. */
export interface SyncPoint {
  at: number;
  coins: number[];
  eliminated: boolean[];
  deckSize: number;
  /** The viewer's own cards, and the 2 drawn cards during its exchange_return. */
  own?: Card[];
  drawn?: Role[];
  /** The return_indices the engine applied for that decision (exchange_return). */
  returnIndices?: number[];
}

export interface FoldInput {
  players: number;
  events: readonly GameEvent[];
  decisions: readonly { turn: number; view: DecisionView }[];
  firstSeat: number | null;
  viewer?: number;
  syncs?: readonly SyncPoint[];
}

const hidden = (): { role: Role | null; revealed: boolean } => ({ role: null, revealed: false });

/** The viewer's face-down cards after its exchange: the kept choices fill the face-down slots in order. */
function afterExchange(seat: SeatView, sync: SyncPoint): void {
  if (!sync.own || !sync.drawn || !sync.returnIndices) return;
  const choices = [...sync.own.filter((c) => !c.revealed).map((c) => c.role), ...sync.drawn];
  const kept = choices.filter((_, i) => !sync.returnIndices?.includes(i));
  let k = 0;
  seat.cards = sync.own.map((c) => (c.revealed ? { ...c } : { role: kept[k++] ?? c.role, revealed: false }));
}

export function foldFrames(input: FoldInput): Frame[] {
  const { viewer, events } = input;
  const syncs = [...(input.syncs ?? [])].sort((a, b) => a.at - b.at);
  const seats: SeatView[] = Array.from({ length: input.players }, (_, seat) => ({
    seat,
    coins: 2,
    cards: [hidden(), hidden()],
    eliminated: false,
  }));
  const firstOwn = syncs.find((s) => s.own)?.own;
  if (viewer !== undefined && firstOwn && seats[viewer])
    seats[viewer].cards = firstOwn.map((c) => ({ ...c }));
  let deckSize: number | null = syncs[0]?.deckSize ?? null;

  const decisions = new Map<number, DecisionView[]>();
  for (const d of input.decisions) decisions.set(d.turn, [...(decisions.get(d.turn) ?? []), d.view]);
  const active = activeSeats(events, input.firstSeat);
  const frames: Frame[] = [
    {
      turn: null,
      activeSeat: null,
      seats: cloneSeats(seats),
      deckSize,
      events: [],
      decisions: [],
      forfeits: [],
    },
  ];
  let turnEvents: GameEvent[] = [];
  let turn: number | null = events[0]?.turn ?? null;
  let next = 0;
  let lastSync: SyncPoint | undefined;

  const close = () => {
    if (turn === null) return;
    frames.push({
      turn,
      activeSeat: active.get(turn) ?? null,
      seats: cloneSeats(seats),
      deckSize,
      events: turnEvents,
      decisions: decisions.get(turn) ?? [],
      forfeits: [],
    });
    turnEvents = [];
  };

  const sync = (i: number) => {
    while (next < syncs.length && (syncs[next]?.at ?? Infinity) <= i) {
      const s = syncs[next++] as SyncPoint;
      lastSync = s;
      deckSize = s.deckSize;
      seats.forEach((seat, j) => {
        seat.coins = s.coins[j] ?? seat.coins;
        seat.eliminated = s.eliminated[j] ?? seat.eliminated;
      });
      const mine = viewer !== undefined ? seats[viewer] : undefined;
      if (mine && s.own) mine.cards = s.own.map((c) => ({ ...c }));
    }
  };

  events.forEach((e, i) => {
    sync(i);
    if (e.turn !== turn) {
      close();
      turn = e.turn;
    }
    turnEvents.push(e);
    const seat = 'seat' in e ? seats[e.seat] : undefined;
    switch (e.type) {
      case 'declared':
        if (seat) seat.coins = Math.max(0, seat.coins - e.cost);
        break;
      case 'resolved': {
        if (seat) seat.coins += e.coins;
        const target = e.target !== null ? seats[e.target] : undefined;
        if (e.action === 'steal' && target) target.coins = Math.max(0, target.coins - e.coins);
        break;
      }
      case 'influence_lost': {
        // Another seat's slot is private (RULES.md): its lost cards fill its hidden cards in order.
        const slot = e.slot ?? seat?.cards.findIndex((c) => !c.revealed) ?? -1;
        if (seat && slot >= 0) seat.cards[slot] = { role: e.role, revealed: true };
        break;
      }
      case 'card_shown':
        // Only the seat's own copy says where the replacement went (and what it is).
        if (seat && e.slot !== undefined)
          seat.cards[e.slot] = { role: e.replacement ?? null, revealed: false };
        break;
      case 'exchange_returned':
        if (seat && e.seat === viewer && lastSync) afterExchange(seat, lastSync);
        break;
      case 'eliminated':
        if (seat) {
          seat.eliminated = true;
          seat.coins = 0;
        }
        break;
      default:
        break;
    }
  });
  sync(events.length);
  close();
  return frames;
}
