import { Meetings } from './meetings';
import { separateOwners } from './owners';
import { seededRandom, shuffled } from '@coup/random';
import { circleRound, greedyTables } from './round-robin';
import { computeStandings } from './standings';
import type { EventEntrant, EventMatchRecord } from './standings';
import { chunkTables, planTables } from './tables';

export type EventFormat = 'round_robin' | 'swiss';

export interface PairingInput {
  eventId: string;
  format: EventFormat;
  /** 1-based round to pair. */
  round: number;
  seatsPerMatch: number;
  entrants: readonly EventEntrant[];
  /** The event's matches of earlier rounds (any status). */
  history: readonly EventMatchRecord[];
  /**
   * At most this many agents of one owner at a table (MAX_SEATS_PER_OWNER; entrants' ownerId, house
   * agents exempt): no self-collusion in events either. Unset: no limit.
   */
  maxPerOwner?: number;
}

export interface RoundPairing {
  /** Agent ids per table, in seat order. */
  tables: string[][];
  /**
   * Entrants without a table this round: with 2-seat tables and an odd count, or when the per-owner limit
   * left no seat for them.
   */
  byes: string[];
}

/** The tables of one round. Deterministic: the same input gives the same tables, seats included. */
export function pairRound(p: PairingInput): RoundPairing {
  const plan = planTables(p.entrants.length, p.seatsPerMatch);
  if (plan.sizes.length === 0) return { tables: [], byes: p.entrants.map((e) => e.agentId) };
  const paired = p.format === 'swiss' ? swissRound(p, plan.sizes) : roundRobinRound(p, plan.sizes);
  const pairing = p.maxPerOwner === undefined ? paired : withinOwnerLimit(p, paired, p.maxPerOwner);
  // Seat order within a table is shuffled too, so no entrant always sits first.
  const tables = pairing.tables.map((t, i) =>
    shuffled(t, seededRandom(`${p.eventId}:${p.round}:seats:${i}`)),
  );
  return { tables, byes: pairing.byes };
}

function withinOwnerLimit(p: PairingInput, pairing: RoundPairing, maxPerOwner: number): RoundPairing {
  const owners = new Map(p.entrants.map((e) => [e.agentId, e.house ? null : (e.ownerId ?? null)]));
  return separateOwners(pairing.tables, pairing.byes, (id) => owners.get(id) ?? null, maxPerOwner);
}

function roundRobinRound(p: PairingInput, sizes: number[]): RoundPairing {
  // A fixed order for the whole event (the circle method needs one), drawn from the event id so that
  // who meets whom when does not follow the alphabet.
  const ids = p.entrants.map((e) => e.agentId).sort();
  const order = shuffled(ids, seededRandom(`${p.eventId}:order`));
  if (p.seatsPerMatch === 2) return circleRound(order, p.round);
  const meetings = Meetings.fromHistory(p.history.filter((m) => m.round < p.round));
  return { tables: greedyTables(order, sizes, meetings, `${p.eventId}:${p.round}`), byes: [] };
}

/**
 * Swiss: entrants in the order of the current standings, cut into tables, so players on similar scores
 * meet. With 2-seat tables and an odd count, the lowest-placed entrant among those with the fewest byes
 * sits the round out (nobody gets a second bye before everyone had one).
 */
function swissRound(p: PairingInput, sizes: number[]): RoundPairing {
  const earlier = p.history.filter((m) => m.round < p.round);
  const order = computeStandings(p.entrants, earlier).map((s) => s.agentId);
  const seated = sizes.reduce((a, b) => a + b, 0);
  const byes: string[] = [];
  if (seated < order.length) {
    const byeCount = countByes(order, earlier);
    const fewest = Math.min(...order.map((id) => byeCount.get(id) ?? 0));
    for (let i = order.length - 1; i >= 0 && byes.length < order.length - seated; i--) {
      const id = order[i] as string;
      if ((byeCount.get(id) ?? 0) === fewest) byes.push(id);
    }
  }
  const playing = order.filter((id) => !byes.includes(id));
  return { tables: chunkTables(playing, sizes), byes };
}

/** Byes so far: rounds that had matches in which the entrant had no seat. */
function countByes(ids: readonly string[], history: readonly EventMatchRecord[]): Map<string, number> {
  const seatedIn = new Map<number, Set<string>>();
  for (const m of history) {
    const set = seatedIn.get(m.round) ?? new Set<string>();
    for (const s of m.seats) set.add(s.agentId);
    seatedIn.set(m.round, set);
  }
  const counts = new Map<string, number>();
  for (const id of ids) {
    let n = 0;
    for (const set of seatedIn.values()) if (!set.has(id)) n++;
    counts.set(id, n);
  }
  return counts;
}
