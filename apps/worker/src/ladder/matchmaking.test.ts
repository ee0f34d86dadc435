import { describe, expect, it } from 'vitest';
import { DEFAULT_MATCHMAKING, formMatches, windowFor } from './matchmaking';
import type { Candidate } from './matchmaking';

const cand = (id: string, rating: number, extra: Partial<Candidate> = {}): Candidate => ({
  agentId: id,
  ownerId: `owner-${id}`,
  rating,
  rd: 100,
  recentGames: 5,
  waitingMs: 0,
  house: false,
  ...extra,
});

const cfg = { ...DEFAULT_MATCHMAKING, seats: 4 };

describe('formMatches', () => {
  it('groups agents of close ratings into full tables', () => {
    const cs = [
      cand('a', 1500),
      cand('b', 1510),
      cand('c', 1490),
      cand('d', 1520),
      cand('e', 2500),
      cand('f', 2510),
      cand('g', 2490),
      cand('h', 2520),
    ];
    const groups = formMatches(cs, cfg).map((g) => [...g].sort());
    expect(groups).toHaveLength(2);
    expect(groups).toContainEqual(['a', 'b', 'c', 'd']);
    expect(groups).toContainEqual(['e', 'f', 'g', 'h']);
  });

  it('never seats one agent twice, across all groups of a pass', () => {
    const cs = Array.from({ length: 203 }, (_, i) =>
      cand(`x${i}`, 1000 + ((i * 37) % 900), { waitingMs: 90_000 }),
    );
    const groups = formMatches(cs, cfg);
    const all = groups.flat();
    expect(new Set(all).size).toBe(all.length);
    for (const g of groups) expect(g.length).toBeGreaterThanOrEqual(2);
  });

  it('seats at most one agent per owner unless allowed', () => {
    const cs = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => cand(id, 1500, { ownerId: 'same' }));
    expect(formMatches(cs, cfg)).toEqual([]);
    const two = formMatches(cs, { ...cfg, maxPerOwner: 2, seats: 2 });
    expect(two.length).toBe(3);
    const mixed = [...cs, cand('g', 1500), cand('h', 1500), cand('i', 1500)];
    for (const g of formMatches(mixed, cfg)) {
      expect(g.filter((id) => cs.some((c) => c.agentId === id)).length).toBeLessThanOrEqual(1);
    }
  });

  it('house agents share an owner and may fill tables, but never a table of house agents only', () => {
    const house = ['h1', 'h2', 'h3'].map((id) => cand(id, 1500, { ownerId: 'house', house: true }));
    expect(formMatches(house, { ...cfg, seats: 3 })).toEqual([]);
    const groups = formMatches([...house, cand('u', 1500)], cfg);
    expect(groups).toHaveLength(1);
    expect([...(groups[0] ?? [])].sort()).toEqual(['h1', 'h2', 'h3', 'u']);
  });

  it('widens the rating window with waiting time', () => {
    const cs = [cand('a', 1500), cand('b', 1900), cand('c', 1950), cand('d', 2000)];
    expect(formMatches(cs, cfg)).toEqual([]);
    const waited = cs.map((c) => ({ ...c, waitingMs: 5 * 60_000 }));
    expect(windowFor(waited[0]!, cfg)).toBeGreaterThan(windowFor(cs[0]!, cfg));
    expect(formMatches(waited, cfg)).toHaveLength(1);
  });

  it('gives a smaller table to agents that waited long, never a table of one', () => {
    const cs = [cand('a', 1500), cand('b', 1510)];
    expect(formMatches(cs, cfg)).toEqual([]);
    const waited = cs.map((c) => ({ ...c, waitingMs: cfg.smallTableAfterMs }));
    expect(formMatches(waited, cfg)).toEqual([expect.arrayContaining(['a', 'b'])]);
    expect(formMatches([waited[0]!], cfg)).toEqual([]);
  });

  it('picks the agents with the fewest recent games and the highest RD first', () => {
    // Five agents at the same rating, one table of four: the one left out is the veteran with low RD.
    const cs = [
      cand('veteran', 1500, { recentGames: 50, rd: 40 }),
      cand('new1', 1500, { recentGames: 0, rd: 350 }),
      cand('new2', 1500, { recentGames: 0, rd: 300 }),
      cand('mid1', 1500, { recentGames: 3, rd: 120 }),
      cand('mid2', 1500, { recentGames: 3, rd: 110 }),
    ];
    const groups = formMatches(cs, cfg);
    expect(groups).toHaveLength(1);
    expect(groups[0]).not.toContain('veteran');
  });

  it('is deterministic for the same queue', () => {
    const cs = Array.from({ length: 500 }, (_, i) =>
      cand(`x${i}`, 1200 + ((i * 7919) % 700), { recentGames: i % 7 }),
    );
    expect(formMatches(cs, cfg)).toEqual(formMatches([...cs].reverse(), cfg));
  });
});
