import type { Event } from '@coup/db';
import { computeStandings } from '@coup/platform';
import type { EventEntryWithAgent } from '../repositories/events';
import { presentMatch } from './matches';
import type { MatchWithSeats } from '../repositories/matches';

// How the event routes show events: the summary, an entry, and the detail (standings, rounds).

const SCORING =
  'A seat scores (seats at its table - its place) per finished match: 3/2/1/0 at a table of 4, 1/0 ' +
  'heads-up; tied seats share a place and its points. Ties in the standings are broken by wins (1st ' +
  "places), then Buchholz (the sum of the opponents' points), then mean place, then name.";

export function presentEvent(e: Event, entrantCount: number, currentRound: number, publicUrl: string) {
  return {
    id: e.id,
    name: e.name,
    format: e.format,
    seatsPerMatch: e.seatsPerMatch,
    rounds: e.rounds,
    entry: e.entry,
    startsAt: e.startsAt.toISOString(),
    status: e.status,
    rated: e.rated,
    createdAt: e.createdAt.toISOString(),
    entrantCount,
    currentRound,
    links: {
      self: `${publicUrl}/v1/events/${e.id}`,
      matches: `${publicUrl}/v1/matches?event=${e.id}`,
    },
  };
}

export function presentEntry(eventId: string, e: Pick<EventEntryWithAgent, 'createdAt' | 'agent'>) {
  return {
    eventId,
    agent: { id: e.agent.id, name: e.agent.name, isHouse: e.agent.isHouse },
    owner: e.agent.owner,
    enteredAt: e.createdAt.toISOString(),
  };
}

/** `GET /v1/events/:id`: the event, its entrants, the standings so far and its matches by round. */
export function presentEventDetail(
  event: Event & { entries: EventEntryWithAgent[] },
  matches: MatchWithSeats[],
  publicUrl: string,
) {
  const agents = new Map(event.entries.map((e) => [e.agentId, e.agent]));
  const standings = computeStandings(
    event.entries.map((e) => ({ agentId: e.agentId, name: e.agent.name })),
    matches.map((m) => ({
      round: m.eventRound ?? 0,
      status: m.status,
      seats: m.seats.map((s) => ({ agentId: s.agentId, place: s.place })),
    })),
  );
  const byRound = new Map<number, MatchWithSeats[]>();
  for (const m of matches) {
    const r = m.eventRound ?? 0;
    byRound.set(r, [...(byRound.get(r) ?? []), m]);
  }
  const current = Math.max(0, ...byRound.keys());
  return {
    ...presentEvent(event, event.entries.length, current, publicUrl),
    scoring: SCORING,
    entrants: event.entries.map((e) => presentEntry(event.id, e)),
    standings: standings.map((s) => ({
      rank: s.rank,
      agent: { id: s.agentId, name: s.name, isHouse: agents.get(s.agentId)?.isHouse ?? false },
      points: s.points,
      played: s.played,
      wins: s.wins,
      buchholz: s.buchholz,
      meanPlace: s.meanPlace,
    })),
    schedule: [...byRound.entries()].map(([round, ms]) => ({
      round,
      matches: ms.map((m) => presentMatch(m, publicUrl)),
    })),
  };
}
