import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAction, eventsFor, forfeit, legalActions, pendingSeats, viewFor } from './index';
import type { GameEvent, GameState, PlayerView, Role } from './index';
import { FULL_DECK_SORTED, allCards, applyChoice, gameArb, playGame, replay, seededPicker } from './testing';

// RULES.md "What a seat sees", over random games: views and redacted events never carry another seat's
// face-down cards, the deck order or the PRNG state, and hidden cards cannot change what a seat sees.

const LONG = { timeout: 60_000 };

const VIEW_KEYS = 'activeSeat,deckSize,losingSeat,pending,phase,players,ranking,seat,turn,you';
const PUBLIC_KEYS = 'coins,eliminated,faceDown,revealed,seat';
const PENDING_KEYS = 'action,actor,blockRole,blocker,claim,target';

/** Structural check (plain, for speed): only `you` has cards; `drawn` only for the exchanging seat. */
function checkView(v: PlayerView, s: GameState): void {
  const keys = (o: object) => Object.keys(o).sort().join();
  const bad = (what: string) => {
    throw new Error(`view for ${String(v.seat)}: ${what}`);
  };
  if (keys(v) !== VIEW_KEYS) bad(`keys ${keys(v)}`);
  for (const p of v.players) if (keys(p) !== PUBLIC_KEYS) bad(`player keys ${keys(p)}`);
  if (v.pending && keys(v.pending) !== PENDING_KEYS) bad(`pending keys ${keys(v.pending)}`);
  if (v.you) {
    const drawn = s.phase === 'exchange_return' && s.activeSeat === v.seat;
    if (keys(v.you) !== (drawn ? 'cards,coins,drawn,seat' : 'cards,coins,seat'))
      bad(`you keys ${keys(v.you)}`);
  }
}

function checkEventsFor(events: readonly GameEvent[], seat: number | null): void {
  for (const e of eventsFor(events, seat)) {
    if (e.type !== 'card_shown' && e.type !== 'exchange_drawn' && e.type !== 'exchange_returned') continue;
    if (e.seat === seat) continue;
    if ('replacement' in e || 'roles' in e || 'returned' in e) {
      throw new Error(`seat ${String(seat)} sees a private card in ${JSON.stringify(e)}`);
    }
  }
}

/** A copy of `s` with the cards `observer` cannot see permuted: others' face-down cards, the deck, and
 * the drawn cards unless they are its own. */
function permuteHidden(s: GameState, observer: number | null, pick: (n: number) => number): GameState {
  const v = JSON.parse(JSON.stringify(s)) as GameState;
  const slots: { get: () => Role; set: (r: Role) => void }[] = [];
  v.players.forEach((p, seat) => {
    if (seat === observer) return;
    for (const c of p.cards) if (!c.revealed) slots.push({ get: () => c.role, set: (r) => (c.role = r) });
  });
  v.deck.forEach((_, i) => slots.push({ get: () => v.deck[i]!, set: (r) => (v.deck[i] = r) }));
  if (v.activeSeat !== observer)
    v.drawn.forEach((_, i) => slots.push({ get: () => v.drawn[i]!, set: (r) => (v.drawn[i] = r) }));
  const roles = slots.map((x) => x.get());
  for (let i = roles.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [roles[i], roles[j]] = [roles[j]!, roles[i]!];
  }
  slots.forEach((x, i) => x.set(roles[i]!));
  return v;
}

describe('secrets', LONG, () => {
  it('no view and no redacted event ever shows another seat its secrets', () => {
    fc.assert(
      fc.property(gameArb, (g) => {
        playGame(g, {
          onStep: (_before, _choice, after, events) => {
            checkView(viewFor(after, null), after);
            checkEventsFor(events, null);
            for (let seat = 0; seat < g.players; seat++) {
              checkView(viewFor(after, seat), after);
              checkEventsFor(events, seat);
            }
          },
        });
      }),
      { numRuns: 600 },
    );
  });

  it('two games that differ only in hidden cards look the same to a seat that cannot see them', () => {
    let compared = 0;
    fc.assert(
      fc.property(gameArb, fc.nat(), fc.double({ min: 0, max: 1, noNaN: true }), (g, sample, at) => {
        const pick = seededPicker(sample);
        const game = playGame(g);
        const k = Math.floor(at * game.choices.length);
        const observer = pick(g.players + 1) === g.players ? null : pick(g.players);
        let a = replay(game.initial, game.choices.slice(0, k)).state;
        let b = permuteHidden(a, observer, pick);
        expect(allCards(b)).toEqual(FULL_DECK_SORTED);
        const same = () => {
          expect(viewFor(b, observer)).toEqual(viewFor(a, observer));
          expect(pendingSeats(b)).toEqual(pendingSeats(a));
          if (observer !== null) expect(legalActions(b, observer)).toEqual(legalActions(a, observer));
          compared++;
        };
        same();
        // Play on with the same decisions while the observer's history stays the same.
        for (const c of game.choices.slice(k)) {
          const rb =
            c.action === 'forfeit'
              ? { ok: true as const, ...forfeit(b, c.seat) }
              : applyAction(b, c.seat, c.action);
          // Legality depends on public facts only, and the observer's histories have been equal so far.
          if (!rb.ok) throw new Error(`the variant refused ${JSON.stringify(c)}: ${rb.error.message}`);
          const ra = applyChoice(a, c);
          a = ra.state;
          b = rb.state;
          if (
            JSON.stringify(eventsFor(ra.events, observer)) !== JSON.stringify(eventsFor(rb.events, observer))
          )
            break;
          same();
        }
      }),
      { numRuns: 800 },
    );
    expect(compared).toBeGreaterThan(2000);
  });
});
