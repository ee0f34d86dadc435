import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { separateOwners } from './owners';
import { pairRound } from './pairings';
import type { EventFormat, RoundPairing } from './pairings';
import type { EventEntrant, EventMatchRecord } from './standings';

// MAX_SEATS_PER_OWNER in events: no table seats more agents of one owner than the limit (house agents
// exempt), whatever the entries, the format or the round; everyone is seated or has a bye.

function entrants(owners: readonly (string | null)[]): EventEntrant[] {
  return owners.map((owner, i) => ({
    agentId: `ag_${String(i).padStart(2, '0')}`,
    name: `bot-${i}`,
    ...(owner === null ? { ownerId: 'acc_house', house: true } : { ownerId: owner }),
  }));
}

function worstTable(p: RoundPairing, es: readonly EventEntrant[]): number {
  const owner = new Map(es.map((e) => [e.agentId, e.house ? null : e.ownerId]));
  let worst = 0;
  for (const t of p.tables) {
    const counts = new Map<string, number>();
    for (const id of t) {
      const o = owner.get(id);
      if (o) counts.set(o, (counts.get(o) ?? 0) + 1);
    }
    worst = Math.max(worst, ...counts.values());
  }
  return worst;
}

/** Pairs `rounds` rounds, each table finishing in seat order. */
function play(es: EventEntrant[], format: EventFormat, seats: number, rounds: number, maxPerOwner?: number) {
  const history: EventMatchRecord[] = [];
  const pairings: RoundPairing[] = [];
  for (let round = 1; round <= rounds; round++) {
    const p = pairRound({
      eventId: 'ev_owners',
      format,
      round,
      seatsPerMatch: seats,
      entrants: es,
      history,
      ...(maxPerOwner !== undefined ? { maxPerOwner } : {}),
    });
    pairings.push(p);
    for (const t of p.tables) {
      history.push({ round, status: 'finished', seats: t.map((agentId, i) => ({ agentId, place: i + 1 })) });
    }
  }
  return pairings;
}

describe('pairRound with maxPerOwner', () => {
  it('never seats two agents of one owner together when the limit is 1 (they would otherwise meet)', () => {
    // Two owners with three agents each: a heads-up round robin pairs every two agents at some round.
    const es = entrants(['acc_a', 'acc_a', 'acc_a', 'acc_b', 'acc_b', 'acc_b']);
    const unlimited = play(es, 'round_robin', 2, 5);
    expect(Math.max(...unlimited.map((p) => worstTable(p, es)))).toBe(2);
    for (const format of ['round_robin', 'swiss'] as const) {
      for (const p of play(es, format, 2, 5, 1)) {
        expect(worstTable(p, es)).toBeLessThanOrEqual(1);
        // Swaps seat everyone: three tables of one agent of each owner.
        expect(p.tables).toHaveLength(3);
        expect(p.byes).toEqual([]);
      }
    }
  });

  it('swaps with a bye before benching anyone, and house agents share tables freely', () => {
    // Heads-up with an odd count: whoever has the bye may take the seat of a surplus agent.
    const es = entrants(['acc_a', 'acc_a', 'acc_b']);
    for (const p of play(es, 'round_robin', 2, 3, 1)) {
      expect(worstTable(p, es)).toBeLessThanOrEqual(1);
      expect(p.tables).toHaveLength(1);
      expect(p.byes).toHaveLength(1);
    }
    const houses = entrants([null, null, null, null]);
    for (const p of play(houses, 'swiss', 4, 2, 1)) expect(p.tables).toEqual([expect.any(Array)]);
  });

  it('benches the agents no swap can seat: the limit holds whatever the entries', () => {
    const es = entrants(['acc_a', 'acc_a', 'acc_a', 'acc_a', 'acc_b']);
    const [p] = play(es, 'swiss', 6, 1, 1);
    expect(p!.tables).toHaveLength(1);
    expect(p!.tables[0]).toHaveLength(2);
    expect(worstTable(p!, es)).toBe(1);
    expect(p!.byes).toHaveLength(3);
    // Alone, an owner's agents play nobody.
    const [solo] = play(entrants(['acc_a', 'acc_a']), 'round_robin', 2, 1, 1);
    expect(solo).toEqual({ tables: [], byes: expect.arrayContaining(['ag_00', 'ag_01']) });
  });

  it('property: within the limit, every entrant once, no table under 2 seats, for any entries', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.constantFrom('acc_a', 'acc_b', 'acc_c', 'acc_d'), { freq: 4 }), {
          minLength: 2,
          maxLength: 24,
        }),
        fc.constantFrom<EventFormat>('round_robin', 'swiss'),
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 1, max: 3 }),
        (owners, format, seats, max) => {
          const es = entrants(owners);
          for (const p of play(es, format, seats, 3, max)) {
            expect(worstTable(p, es)).toBeLessThanOrEqual(max);
            expect(p.tables.every((t) => t.length >= 2 && t.length <= seats)).toBe(true);
            expect([...p.tables.flat(), ...p.byes].sort()).toEqual(es.map((e) => e.agentId).sort());
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('separateOwners', () => {
  it('swaps a surplus agent with the nearest table first, leaving good tables alone', () => {
    const owner = (id: string) => id[0] as string;
    const out = separateOwners(
      [
        ['a1', 'a2'],
        ['b1', 'c1'],
        ['d1', 'e1'],
      ],
      [],
      owner,
      1,
    );
    expect(out).toEqual({
      tables: [
        ['b1', 'a2'],
        ['a1', 'c1'],
        ['d1', 'e1'],
      ],
      byes: [],
    });
  });
});
