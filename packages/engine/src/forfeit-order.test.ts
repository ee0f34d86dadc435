import { describe, expect, it } from 'vitest';
import { createGame, eventsFor, forfeit } from './index';
import type { Role } from './index';
import { deckFor } from './testing';

// A forfeit reveals every face-down card of the seat at once. The order of those events must not say
// which card sat in which slot (RULES.md "Forfeit"): engine 2.0.0 reveals in ROLES order; 1.0.0, whose
// replays still re-run, went by slot.

function quit(hand: Role[], engineVersion?: string) {
  const hands: Role[][] = [hand, ['assassin', 'captain'], ['ambassador', 'captain']];
  const s = createGame({
    players: 3,
    seed: 'order',
    setup: { hands, deck: deckFor(hands), firstSeat: 1 },
    ...(engineVersion ? { engineVersion } : {}),
  });
  return forfeit(s, 0).events;
}

describe('forfeit reveal order', () => {
  it('reveals in ROLES order, so others cannot tell [contessa, duke] from [duke, contessa]', () => {
    const a = quit(['contessa', 'duke']);
    const b = quit(['duke', 'contessa']);
    const lost = (events: typeof a) => events.filter((e) => e.type === 'influence_lost');
    expect(lost(a).map((e) => [e.role, e.slot])).toEqual([
      ['duke', 1],
      ['contessa', 0],
    ]);
    expect(lost(b).map((e) => [e.role, e.slot])).toEqual([
      ['duke', 0],
      ['contessa', 1],
    ]);
    for (const seat of [1, 2, null]) expect(eventsFor(a, seat)).toStrictEqual(eventsFor(b, seat));
    expect(a.map((e) => e.type)).toEqual(['forfeited', 'influence_lost', 'influence_lost', 'eliminated']);
  });

  it('keeps the slot order of engine 1.0.0 for its replays', () => {
    const lost = quit(['contessa', 'duke'], '1.0.0').filter((e) => e.type === 'influence_lost');
    expect(lost.map((e) => [e.role, e.slot])).toEqual([
      ['contessa', 0],
      ['duke', 1],
    ]);
  });
});
