// Event standings, folded from the event's matches alone (no stored totals), so they can always be
// recomputed and every reader gets the same table.

export type EventMatchStatus = 'queued' | 'running' | 'finished' | 'aborted';

export interface EventEntrant {
  agentId: string;
  name: string;
  /** For the per-owner limit at a table (pairRound's maxPerOwner); unset: exempt. */
  ownerId?: string;
  /** House agents are exempt from the per-owner limit, as in the matchmaker. */
  house?: boolean;
}

export interface EventMatchRecord {
  round: number;
  status: EventMatchStatus;
  /** Places are competition-style (1, 1, 3, 4): tied seats share a place; null until finished. */
  seats: { agentId: string; place: number | null }[];
}

export interface Standing {
  /** 1-based position after every tie-break (distinct: the name decides the last ties). */
  rank: number;
  agentId: string;
  name: string;
  /** Sum over finished matches of (seats at the table - place): 3/2/1/0 at a table of 4. */
  points: number;
  /** Finished matches played. */
  played: number;
  /** First places (shared ones included). */
  wins: number;
  /** Sum, over every finished match played, of each opponent's points: a stronger field counts more. */
  buchholz: number;
  /** Mean place (lower is better); null before the first finished match. */
  meanPlace: number | null;
}

/** Points of one seat: everyone it beat. Tied seats share a competition-style place, hence its points. */
export function seatPoints(tableSize: number, place: number): number {
  return Math.max(0, tableSize - place);
}

interface Tally {
  points: number;
  played: number;
  wins: number;
  placeSum: number;
  opponents: string[];
}

/** Only finished matches count; a queued, running or aborted match gives nobody anything. */
function scored(m: EventMatchRecord): { agentId: string; place: number }[] | null {
  if (m.status !== 'finished') return null;
  const seats = m.seats.filter((s): s is { agentId: string; place: number } => s.place !== null);
  return seats.length === m.seats.length ? seats : null;
}

const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Points, then wins, then Buchholz, then mean place, then name (then id, so the order is total). */
export function compareStandings(a: Standing, b: Standing): number {
  return (
    b.points - a.points ||
    b.wins - a.wins ||
    b.buchholz - a.buchholz ||
    (a.meanPlace ?? Infinity) - (b.meanPlace ?? Infinity) ||
    byCodePoint(a.name, b.name) ||
    byCodePoint(a.agentId, b.agentId)
  );
}

/** The standings of an event's entrants from its matches, best first. */
export function computeStandings(
  entrants: readonly EventEntrant[],
  matches: readonly EventMatchRecord[],
): Standing[] {
  const tallies = new Map<string, Tally>();
  const tally = (id: string) => {
    let t = tallies.get(id);
    if (!t) {
      t = { points: 0, played: 0, wins: 0, placeSum: 0, opponents: [] };
      tallies.set(id, t);
    }
    return t;
  };
  for (const e of entrants) tally(e.agentId);
  for (const m of matches) {
    const seats = scored(m);
    if (!seats) continue;
    for (const s of seats) {
      const t = tally(s.agentId);
      t.points += seatPoints(seats.length, s.place);
      t.played += 1;
      t.placeSum += s.place;
      if (s.place === 1) t.wins += 1;
      for (const o of seats) if (o !== s) t.opponents.push(o.agentId);
    }
  }
  // Opponents' points are their event totals, known only once every match is counted.
  const rows: Standing[] = entrants.map((e) => {
    const t = tally(e.agentId);
    return {
      rank: 0,
      agentId: e.agentId,
      name: e.name,
      points: t.points,
      played: t.played,
      wins: t.wins,
      buchholz: t.opponents.reduce((sum, o) => sum + (tallies.get(o)?.points ?? 0), 0),
      meanPlace: t.played > 0 ? t.placeSum / t.played : null,
    };
  });
  rows.sort(compareStandings);
  return rows.map((r, i) => ({ ...r, rank: i + 1 }));
}
