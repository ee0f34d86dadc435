import { describe, expect, it } from 'vitest';
import { Meetings } from './meetings';
import { pairRound } from './pairings';
import type { PairingInput, RoundPairing } from './pairings';
import { circleRound } from './round-robin';
import type { EventEntrant, EventMatchRecord } from './standings';

const people = (n: number): EventEntrant[] =>
  Array.from({ length: n }, (_, i) => ({
    agentId: `ag_${String(i).padStart(2, '0')}`,
    name: `bot-${String(i).padStart(2, '0')}`,
  }));

/** Plays `rounds` rounds: each table finishes in seat order (seat 0 first), as recorded history. */
function playEvent(base: Omit<PairingInput, 'round' | 'history'>, rounds: number) {
  const history: EventMatchRecord[] = [];
  const pairings: RoundPairing[] = [];
  for (let round = 1; round <= rounds; round++) {
    const p = pairRound({ ...base, round, history });
    pairings.push(p);
    for (const t of p.tables) {
      history.push({ round, status: 'finished', seats: t.map((agentId, i) => ({ agentId, place: i + 1 })) });
    }
  }
  return { history, pairings };
}

function expectEveryoneOnce(p: RoundPairing, entrants: EventEntrant[]) {
  const seen = [...p.tables.flat(), ...p.byes].sort();
  expect(seen).toEqual(entrants.map((e) => e.agentId).sort());
}

describe('circleRound', () => {
  it('meets every pair exactly once in n - 1 rounds (even n)', () => {
    for (const n of [2, 4, 6, 10]) {
      const ids = people(n).map((e) => e.agentId);
      const m = new Meetings();
      for (let r = 1; r <= n - 1; r++) {
        const { tables, byes } = circleRound(ids, r);
        expect(byes).toEqual([]);
        expect(tables.flat().sort()).toEqual([...ids].sort());
        for (const t of tables) m.addTable(t);
      }
      for (const a of ids) for (const b of ids) if (a < b) expect(m.count(a, b), `${a} ${b}`).toBe(1);
    }
  });

  it('with an odd count: n rounds, one bye per round, everyone one bye, every pair once', () => {
    for (const n of [3, 5, 9]) {
      const ids = people(n).map((e) => e.agentId);
      const m = new Meetings();
      const byes: string[] = [];
      for (let r = 1; r <= n; r++) {
        const round = circleRound(ids, r);
        expect(round.byes).toHaveLength(1);
        byes.push(...round.byes);
        for (const t of round.tables) m.addTable(t);
      }
      expect(byes.sort()).toEqual([...ids].sort());
      for (const a of ids) for (const b of ids) if (a < b) expect(m.count(a, b)).toBe(1);
    }
  });

  it('starts the cycle again after it', () => {
    const ids = people(4).map((e) => e.agentId);
    expect(circleRound(ids, 4)).toEqual(circleRound(ids, 1));
  });
});

describe('pairRound: round robin', () => {
  it('heads-up: each pair meets once in n - 1 rounds, seats shuffled but stable', () => {
    const entrants = people(6);
    const base = { eventId: 'ev_rr2', format: 'round_robin', seatsPerMatch: 2, entrants } as const;
    const { history, pairings } = playEvent(base, 5);
    const m = Meetings.fromHistory(history);
    for (const p of pairings) expectEveryoneOnce(p, entrants);
    for (const a of entrants)
      for (const b of entrants) if (a.agentId < b.agentId) expect(m.count(a.agentId, b.agentId)).toBe(1);
    // Deterministic, and independent of the order the entrants are listed in.
    const again = playEvent({ ...base, entrants: [...entrants].reverse() }, 5);
    expect(again.pairings).toEqual(pairings);
    // Another event draws another schedule.
    expect(playEvent({ ...base, eventId: 'ev_other' }, 5).pairings).not.toEqual(pairings);
  });

  it('bigger tables: everyone seated once per round, repeats kept low, deterministic', () => {
    const entrants = people(16);
    const base = { eventId: 'ev_rr4', format: 'round_robin', seatsPerMatch: 4, entrants } as const;
    const { history, pairings } = playEvent(base, 3);
    for (const p of pairings) {
      expectEveryoneOnce(p, entrants);
      expect(p.tables.map((t) => t.length)).toEqual([4, 4, 4, 4]);
    }
    // 16 players in 4 tables of 4 can meet 3 new opponents each for several rounds: no repeats here.
    const m = new Meetings();
    let repeats = 0;
    for (const match of history) {
      const ids = match.seats.map((s) => s.agentId);
      repeats += m.ofTable(ids);
      m.addTable(ids);
    }
    expect(repeats).toBe(0);
    expect(playEvent(base, 3).pairings).toEqual(pairings);
  });

  it('bigger tables with an awkward count: 7 players in tables of 3 and 4, minimal repeats in round 2', () => {
    const entrants = people(7);
    const base = { eventId: 'ev_rr7', format: 'round_robin', seatsPerMatch: 4, entrants } as const;
    const { history, pairings } = playEvent(base, 2);
    expect(pairings[0]?.tables.map((t) => t.length)).toEqual([4, 3]);
    const round1 = Meetings.fromHistory(history.filter((h) => h.round === 1));
    const repeats = (pairings[1]?.tables ?? []).reduce((s, t) => s + round1.ofTable(t), 0);
    // Round 1 tables A (4) and B (3). Round 2 takes a from A and b from B at its table of 4: the repeats
    // are C(a,2) + C(b,2) + C(4-a,2) + C(3-b,2) with a + b = 4, least at a = b = 2: 1 + 1 + 1 + 0.
    expect(repeats).toBe(3);
  });
});

describe('pairRound: swiss', () => {
  it('round 1 follows the (empty) standings: by name; later rounds put equal scores together', () => {
    const entrants = people(8);
    const base = { eventId: 'ev_sw', format: 'swiss', seatsPerMatch: 2, entrants } as const;
    const r1 = pairRound({ ...base, round: 1, history: [] });
    expect(r1.tables.map((t) => [...t].sort())).toEqual([
      ['ag_00', 'ag_01'],
      ['ag_02', 'ag_03'],
      ['ag_04', 'ag_05'],
      ['ag_06', 'ag_07'],
    ]);
    // The higher id wins each table: winners ag_01, 03, 05, 07 meet each other in round 2.
    const history: EventMatchRecord[] = r1.tables.map((t) => {
      const [lo, hi] = [...t].sort();
      return {
        round: 1,
        status: 'finished',
        seats: [
          { agentId: hi as string, place: 1 },
          { agentId: lo as string, place: 2 },
        ],
      };
    });
    const r2 = pairRound({ ...base, round: 2, history });
    const winners = new Set(['ag_01', 'ag_03', 'ag_05', 'ag_07']);
    for (const t of r2.tables)
      expect(t.every((id) => winners.has(id)) || t.every((id) => !winners.has(id))).toBe(true);
    expect(
      r2.tables
        .slice(0, 2)
        .flat()
        .every((id) => winners.has(id)),
    ).toBe(true);
  });

  it('tables of up to 6 follow the standings in chunks', () => {
    const entrants = people(11);
    const r = pairRound({
      eventId: 'ev_sw6',
      format: 'swiss',
      seatsPerMatch: 6,
      entrants,
      round: 1,
      history: [],
    });
    expect(r.tables.map((t) => t.length)).toEqual([6, 5]);
    expect(r.tables[0]?.slice().sort()).toEqual(entrants.slice(0, 6).map((e) => e.agentId));
  });

  it('odd heads-up count: the lowest placed gets the bye, and nobody a second one before the others', () => {
    const entrants = people(5);
    const base = { eventId: 'ev_bye', format: 'swiss', seatsPerMatch: 2, entrants } as const;
    const { pairings } = playEvent(base, 5);
    const byes = pairings.map((p) => p.byes);
    for (const p of pairings) expectEveryoneOnce(p, entrants);
    expect(byes.every((b) => b.length === 1)).toBe(true);
    expect(new Set(byes.flat()).size).toBe(5);
    // Round 1: nobody has points, so the last by name sits out.
    expect(byes[0]).toEqual(['ag_04']);
  });

  it('is deterministic', () => {
    const entrants = people(9);
    const base = { eventId: 'ev_det', format: 'swiss', seatsPerMatch: 3, entrants } as const;
    expect(playEvent(base, 4)).toEqual(playEvent({ ...base, entrants: [...entrants].reverse() }, 4));
  });
});

describe('pairRound: too few entrants', () => {
  it('gives no table to a lone entrant', () => {
    const r = pairRound({
      eventId: 'ev_1',
      format: 'swiss',
      seatsPerMatch: 4,
      entrants: people(1),
      round: 1,
      history: [],
    });
    expect(r).toEqual({ tables: [], byes: ['ag_00'] });
  });
});
