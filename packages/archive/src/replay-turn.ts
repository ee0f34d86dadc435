import { applyAction, createGame, forfeit, pendingSeats, ROLES } from '@coup/engine';
import type { Action, GameEvent, GameState, Role, TurnActionType } from '@coup/engine';
import { UNKNOWN_PLAYER } from '@coup/archive-format';
import type { ArchivePlayerState } from '@coup/archive-format';
import type { ArchiveTurn, LeftAt } from './grammar';

// One archive turn played through our engine: it starts from the archive's own START_OF_TURN snapshot
// (hands, revealed cards, coins, whose turn; the deck is the cards not in hands, in role order), is driven
// by the archive's events (action, challenge, block, leavers as forfeits; lost cards as the next snapshot
// shows them; an exchange keeps the player's own cards), and ends with our engine's state, which
// replay-check.ts compares with the next snapshot.

export class Disagreement extends Error {}

const ENGINE_ACTION: Record<string, TurnActionType | undefined> = {
  income: 'income',
  'foreign-aid': 'foreign_aid',
  tax: 'tax',
  steal: 'steal',
  assassinate: 'assassinate',
  exchange: 'exchange',
  coup: 'coup',
};

/** A dealt game whose PRNG state and version every re-played turn borrows (dealing costs a SHA-256). */
const BASE = createGame({ players: 2, seed: 'archive-replay-check' });

/**
 * Our engine's state at the archive's snapshot, built directly (createGame's deal and checks cost more
 * than the whole turn, and this runs for every turn of 600,000 games): the snapshot's cards and coins,
 * the other cards as the deck, in role order. Throws when the cards are not a deck of 3 of each role.
 */
function stateAt(states: readonly ArchivePlayerState[], whoseTurn: number): GameState {
  const left: Record<string, number> = { duke: 3, assassin: 3, captain: 3, ambassador: 3, contessa: 3 };
  const eliminationOrder: number[] = [];
  const players = states.map((s, p) => {
    const cards = s.influence.map((c) => {
      const n = left[c.role];
      if (n === undefined || n === 0) throw new Error(`more than 3 of the ${c.role}`);
      left[c.role] = n - 1;
      return { role: c.role as Role, revealed: c.revealed };
    });
    const eliminated = cards.every((c) => c.revealed);
    if (eliminated) eliminationOrder.push(p);
    return { coins: eliminated ? 0 : s.cash, cards, eliminated };
  });
  const deck: Role[] = [];
  for (const r of ROLES) for (let k = left[r]!; k > 0; k--) deck.push(r);
  return { ...BASE, players, deck, activeSeat: whoseTurn, eliminationOrder };
}

class TurnDriver {
  events: GameEvent[] = [];
  private forfeited = new Set<LeftAt>();
  /** Leavers after the action leave only once the turn is over. */
  late = false;
  /** Set once the turn's decisions are all answered. */
  settled = false;

  constructor(
    public s: GameState,
    private readonly t: ArchiveTurn,
  ) {}

  apply(seat: number, action: Action): void {
    const r = applyAction(this.s, seat, action);
    if (!r.ok)
      throw new Disagreement(`our engine refuses ${action.type} by seat ${seat}: ${r.error.message}`);
    this.s = r.state;
    this.events.push(...r.events);
  }

  leave(...at: LeftAt[]): void {
    if (this.t.left.length === 0) return;
    for (const when of at) {
      if (this.late && when !== 'before_action' && !this.settled) continue;
      if (this.forfeited.has(when)) continue;
      this.forfeited.add(when);
      for (const l of this.t.left.filter((x) => x.at === when)) {
        const r = forfeit(this.s, l.player);
        this.s = r.state;
        this.events.push(...r.events);
      }
    }
  }

  /**
   * The card seat p reveals: a face-down slot the next snapshot shows revealed, else the first. When
   * both go, which went first matters to a block p makes later in the turn: a block whose challenge
   * succeeds was a bluff, so the blocking role went first (it is kept when the challenge fails).
   */
  private cardToLose(p: number): number {
    const cards = this.s.players[p]!.cards;
    const after = this.t.next.playerStates[p]!.influence;
    const slots = cards.flatMap((c, j) =>
      !c.revealed && after[j]?.revealed && after[j]?.role === c.role ? [j] : [],
    );
    const { block, blockChallenge } = this.t;
    if (
      slots.length > 1 &&
      block?.blockingPlayer === p &&
      blockChallenge &&
      this.s.phase !== 'challenge_block'
    ) {
      const isRole = (j: number) => cards[j]!.role === block.blockingRole;
      slots.sort(
        (x, y) => Number(isRole(y) === blockChallenge.success) - Number(isRole(x) === blockChallenge.success),
      );
    }
    return slots[0] ?? cards.findIndex((c) => !c.revealed);
  }

  /** Answers every pending decision until the turn is over. */
  run(): void {
    const { t } = this;
    for (let guard = 0; guard < 100; guard++) {
      if (this.s.phase !== 'challenge_action') this.leave('after_challenge');
      if (this.s.phase !== 'challenge_action' && this.s.phase !== 'block') this.leave('after_block');
      const phase = this.s.phase;
      if (phase === 'action' || phase === 'game_over') return;
      const seats = pendingSeats(this.s);
      const seat = seats[0];
      if (seat === undefined) return;
      if (phase === 'challenge_action')
        this.apply(seat, { type: seat === t.actionChallenge?.challenger ? 'challenge' : 'pass' });
      else if (phase === 'block') {
        // A blocker the archive does not name (-1) is the first seat that may block: the turn goes the
        // same whoever it was (nobody challenged the block).
        const blocks =
          seat === t.block?.blockingPlayer ||
          (t.block?.blockingPlayer === UNKNOWN_PLAYER && !this.events.some((e) => e.type === 'blocked'));
        this.apply(
          seat,
          blocks && t.block
            ? { type: 'block', data: { role: t.block.blockingRole as Role } }
            : { type: 'pass' },
        );
      } else if (phase === 'challenge_block') {
        if (t.blockChallenge && t.blockChallenge.challenger !== t.start.whoseTurn)
          throw new Disagreement(
            `seat ${t.blockChallenge.challenger} challenges a block (ours: only the actor)`,
          );
        this.apply(seat, { type: t.blockChallenge ? 'challenge' : 'pass' });
      } else if (phase === 'lose_influence')
        this.apply(seat, { type: 'lose_card', data: { card_index: this.cardToLose(seat) } });
      else if (phase === 'exchange_return') {
        const own = this.s.players[seat]!.cards.filter((c) => !c.revealed).length;
        this.apply(seat, { type: 'return_cards', data: { return_indices: [own, own + 1] } });
      }
    }
    throw new Disagreement('the turn does not end');
  }
}

/**
 * Plays the turn through our engine and returns its end state. `late`: the leavers after the action
 * leave once the turn's decisions are done rather than where the archive puts them (it says between which
 * events they left, not against the hidden steps in between). Throws a Disagreement when our engine cannot
 * follow the archive's events.
 */
export function playTurn(t: ArchiveTurn, late: boolean): GameState {
  const actor = t.start.whoseTurn;
  const d = new TurnDriver(stateAt(t.start.playerStates, actor), t);
  d.late = late;
  d.leave('before_action');
  if (t.action && d.s.activeSeat === actor && d.s.phase === 'action') {
    const action = ENGINE_ACTION[t.action.action];
    if (!action) throw new Disagreement(`${t.action.action} is not in our rules`);
    d.apply(
      actor,
      t.action.target === undefined ? { type: action } : { type: action, data: { target: t.action.target } },
    );
    d.leave('after_action');
    d.run();
  }
  d.settled = true;
  d.leave('after_action', 'after_challenge', 'after_block', 'after_block_challenge');
  if (t.actionChallenge || t.block) {
    let challenged = false;
    let blocked = false;
    for (const e of d.events) {
      if (e.type === 'challenged' && e.against === 'action') challenged = true;
      else if (e.type === 'blocked') blocked = true;
    }
    if (t.actionChallenge && !challenged)
      throw new Disagreement(`our engine did not let seat ${t.actionChallenge.challenger} challenge`);
    if (t.block && !blocked)
      throw new Disagreement(`our engine did not let seat ${t.block.blockingPlayer} block`);
  }
  return d.s;
}
