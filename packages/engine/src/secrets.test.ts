import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyAction, eventsFor, forfeit, legalActions, pendingSeats, viewFor } from './index';
import type { GameEvent, GameState, PlayerView, Role } from './index';
import {
  allCards,
  applyChoice,
  fullDeckSorted,
  hiddenTwin,
  playGame,
  replay,
  rulesetGameArb,
  seededPicker,
} from './testing';
import { shuffleBy } from '@coup/random';

// RULES.md "What a seat sees", over random games of both rulesets: views and redacted events never carry
// another seat's face-down cards, the deck order or the PRNG state, and hidden cards cannot change what a
// seat sees. In the Inquisitor game, an interrogation's shown card is seen by the two seats only, and a
// forced exchange's replacement by the interrogated seat only.

const LONG = { timeout: 60_000 };

const VIEW_KEYS = 'activeSeat,deckSize,losingSeat,pending,phase,players,ranking,seat,turn,you';
const PUBLIC_KEYS = 'coins,eliminated,faceDown,revealed,seat';
const PENDING_KEYS = 'action,actor,blockRole,blocker,claim,target';

/**
 * Structural check (plain, for speed): only `you` has cards; `drawn` only for the exchanging seat; `shown`
 * only for the two seats of an interrogation, while the interrogator decides.
 */
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
    const shown =
      s.phase === 'interrogate_decide' && (s.pending?.actor === v.seat || s.pending?.target === v.seat);
    const want = drawn ? 'cards,coins,drawn,seat' : shown ? 'cards,coins,seat,shown' : 'cards,coins,seat';
    if (keys(v.you) !== want) bad(`you keys ${keys(v.you)}`);
  }
}

function checkEventsFor(events: readonly GameEvent[], seat: number | null): void {
  for (const e of eventsFor(events, seat)) {
    if (e.type === 'turn_started' || e.type === 'game_over') continue;
    const leak = (why: string) => {
      throw new Error(`seat ${String(seat)} sees ${why} in ${JSON.stringify(e)}`);
    };
    if (e.type === 'interrogation_shown' || e.type === 'interrogation_decided') {
      // The interrogated seat sees everything; the interrogator the role; everyone else neither.
      const target = e.type === 'interrogation_shown' ? e.seat : e.target;
      const interrogator = e.type === 'interrogation_shown' ? e.interrogator : e.seat;
      if (seat === target) continue;
      if ('slot' in e || 'replacement' in e) leak('a private slot or replacement');
      if (seat !== interrogator && 'role' in e) leak('the role an interrogation showed');
      continue;
    }
    if (e.seat === seat) continue;
    if ('replacement' in e || 'roles' in e || 'returned' in e || 'slot' in e) leak('a private card');
  }
}

/** A copy of `s` with the cards `observer` cannot see permuted: others' face-down cards, the deck, and
 * the drawn cards unless they are its own; a card an interrogation shows it stays. */
function permuteHidden(s: GameState, observer: number | null, pick: (n: number) => number): GameState {
  const v = JSON.parse(JSON.stringify(s)) as GameState;
  const slots: { get: () => Role; set: (r: Role) => void }[] = [];
  const seen =
    s.phase === 'interrogate_decide' && s.pending?.actor === observer
      ? v.players[s.pending.target as number]?.cards[s.shownSlot as number]
      : undefined;
  v.players.forEach((p, seat) => {
    if (seat === observer) return;
    for (const c of p.cards)
      if (!c.revealed && c !== seen) slots.push({ get: () => c.role, set: (r) => (c.role = r) });
  });
  v.deck.forEach((_, i) => slots.push({ get: () => v.deck[i]!, set: (r) => (v.deck[i] = r) }));
  if (v.activeSeat !== observer)
    v.drawn.forEach((_, i) => slots.push({ get: () => v.drawn[i]!, set: (r) => (v.drawn[i] = r) }));
  const roles = shuffleBy(
    slots.map((x) => x.get()),
    pick,
  );
  slots.forEach((x, i) => x.set(roles[i]!));
  return v;
}

describe('secrets', LONG, () => {
  it('no view and no redacted event ever shows another seat its secrets', () => {
    fc.assert(
      fc.property(rulesetGameArb, (g) => {
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
      fc.property(rulesetGameArb, fc.nat(), fc.double({ min: 0, max: 1, noNaN: true }), (g, sample, at) => {
        const pick = seededPicker(sample);
        const game = playGame(g);
        const k = Math.floor(at * game.choices.length);
        const observer = pick(g.players + 1) === g.players ? null : pick(g.players);
        let a = replay(game.initial, game.choices.slice(0, k)).state;
        let b = permuteHidden(a, observer, pick);
        expect(allCards(b)).toEqual(fullDeckSorted(g.ruleset));
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

  it("a seat's events and views do not change when what it cannot know is swapped (issue 8)", () => {
    // At random steps of random games, for a random observer: a twin state that differs only in others'
    // hidden cards (roles and slots), the same decision applied to both, and every byte the observer is
    // sent compared. Counted so the cases that used to leak are known to have been exercised.
    const seen = {
      steps: 0,
      rolesMoved: 0,
      slotsMoved: 0,
      shown: 0,
      lost: 0,
      forfeits: 0,
      eliminated: 0,
      // The Inquisitor's phases, by who looks: the interrogator, the interrogated seat, anyone else.
      showTo: { interrogator: 0, interrogated: 0, other: 0 },
      decideTo: { interrogator: 0, interrogated: 0, other: 0 },
      forcedTo: { interrogator: 0, interrogated: 0, other: 0 },
    };
    fc.assert(
      fc.property(rulesetGameArb, fc.nat(), (g, sample) => {
        const pick = seededPicker(sample);
        playGame(g, {
          onStep: (before, choice, after, events) => {
            // One step in 3, and every step of an interrogation (rarer, and new).
            if (pick(3) !== 0 && !before.phase.startsWith('interrogate_')) return;
            const observer = pick(g.players + 1) === g.players ? null : pick(g.players);
            const twin = hiddenTwin(before, choice, observer, pick);
            expect(allCards(twin.state)).toEqual(fullDeckSorted(g.ruleset));
            const same = (what: string, a: unknown, b: unknown) => {
              if (JSON.stringify(a) !== JSON.stringify(b)) {
                throw new Error(`${what} differ for ${String(observer)} after ${JSON.stringify(choice)}:
  real ${JSON.stringify(a)}
  twin ${JSON.stringify(b)}`);
              }
            };
            same('views before', viewFor(before, observer), viewFor(twin.state, observer));
            const r = applyChoice(twin.state, twin.choice);
            same('events', eventsFor(events, observer), eventsFor(r.events, observer));
            same('views', viewFor(after, observer), viewFor(r.state, observer));
            same('pending seats', pendingSeats(after), pendingSeats(r.state));
            if (observer !== null)
              same('legal actions', legalActions(after, observer), legalActions(r.state, observer));
            seen.steps++;
            if (twin.stats.rolesMoved) seen.rolesMoved++;
            if (twin.stats.slotsMoved) seen.slotsMoved++;
            if (twin.stats.shownWithOthersSwapped && events.some((e) => e.type === 'card_shown'))
              seen.shown++;
            if (
              twin.stats.slotsMoved &&
              events.some((e) => e.type === 'influence_lost' && e.seat !== observer)
            )
              seen.lost++;
            if (choice.action === 'forfeit' && choice.seat !== observer) seen.forfeits++;
            if (twin.stats.slotsMoved && after.players.some((p, i) => i !== observer && p.eliminated))
              seen.eliminated++;
            if (choice.action !== 'forfeit' && before.pending) {
              const who =
                observer === before.pending.actor
                  ? 'interrogator'
                  : observer === before.pending.target
                    ? 'interrogated'
                    : 'other';
              if (choice.action.type === 'show_card') seen.showTo[who]++;
              if (before.phase === 'interrogate_decide') seen.decideTo[who]++;
              if (choice.action.type === 'force_exchange') seen.forcedTo[who]++;
            }
          },
        });
      }),
      { numRuns: 600 },
    );
    expect(seen.steps).toBeGreaterThan(3000);
    expect(seen.rolesMoved).toBeGreaterThan(2000);
    expect(seen.slotsMoved).toBeGreaterThan(2000);
    expect(seen.shown).toBeGreaterThan(50);
    expect(seen.lost).toBeGreaterThan(200);
    expect(seen.forfeits).toBeGreaterThan(20);
    expect(seen.eliminated).toBeGreaterThan(500);
    for (const to of [seen.showTo, seen.decideTo, seen.forcedTo]) {
      expect(to.interrogator).toBeGreaterThan(10);
      expect(to.interrogated).toBeGreaterThan(10);
      expect(to.other).toBeGreaterThan(10);
    }
  });
});
