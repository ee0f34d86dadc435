import type { MatchStatus } from '@coup/db';
import type { ExperimentRow } from '../repositories/experiments';
import { CONFIDENCE, pairedDifference } from './paired-difference';

// An experiment's results. A deal counts once every prompt's match of it has finished; a deal with an
// aborted match is left out for every prompt (the comparison is deal by deal, on the same cards). Per
// prompt: win rate and mean place over the complete deals; per prompt after the first: its paired
// difference from the first (the baseline), with a 95% t interval, and the win-rate difference after each
// deal for the chart.

type Place = number | null;

interface Deal {
  deal: number;
  groupId: string;
  rotation: number;
  complete: boolean;
  excluded: boolean;
  matches: { prompt: number; matchId: string; status: MatchStatus; place: Place }[];
}

function dealsOf(e: ExperimentRow): Deal[] {
  const promptOf = new Map(e.arms.map((a) => [a.agentId, a.index]));
  const prompts = e.arms.length;
  return e.groups.map((g) => {
    const matches = g.matches
      .map((m) => {
        const seat = m.seats.find((s) => promptOf.has(s.agentId));
        return {
          prompt: seat ? (promptOf.get(seat.agentId) as number) : -1,
          matchId: m.id,
          status: m.status,
          place: m.status === 'finished' ? (seat?.place ?? null) : null,
        };
      })
      .sort((a, b) => a.prompt - b.prompt);
    return {
      deal: g.deal ?? 0,
      groupId: g.id,
      rotation: g.matches[0]?.seatRotation ?? 0,
      complete:
        matches.length === prompts && matches.every((m) => m.status === 'finished' && m.place !== null),
      excluded: matches.some((m) => m.status === 'aborted'),
      matches,
    };
  });
}

const mean = (xs: readonly number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null);

export function experimentResults(e: ExperimentRow) {
  const deals = dealsOf(e);
  const complete = deals.filter((d) => d.complete);
  // places[p][i]: prompt p's place in the i-th complete deal.
  const places = e.arms.map((a) => complete.map((d) => d.matches[a.index]?.place ?? 0));
  const wins = places.map((ps) => ps.map((p) => (p === 1 ? 1 : 0)));
  const prompts = e.arms.map((a) => ({
    index: a.index,
    label: a.label,
    agentId: a.agentId,
    deals: complete.length,
    wins: (wins[a.index] ?? []).reduce((x: number, y) => x + y, 0),
    winRate: mean(wins[a.index] ?? []),
    meanPlace: mean(places[a.index] ?? []),
  }));
  const baseWins = wins[0] ?? [];
  const basePlaces = places[0] ?? [];
  const comparisons = e.arms.slice(1).map((a) => {
    const winDiffs = (wins[a.index] ?? []).map((w, i) => w - (baseWins[i] ?? 0));
    const placeDiffs = (places[a.index] ?? []).map((p, i) => p - (basePlaces[i] ?? 0));
    return {
      prompt: a.index,
      baseline: 0,
      deals: complete.length,
      winRate: pairedDifference(winDiffs),
      meanPlace: pairedDifference(placeDiffs),
      running: winDiffs.map((_, i) => {
        const d = pairedDifference(winDiffs.slice(0, i + 1));
        return { deals: i + 1, difference: d.difference ?? 0, ciLow: d.ciLow, ciHigh: d.ciHigh };
      }),
    };
  });
  const all = deals.flatMap((d) => d.matches);
  const progress = {
    dealsPlanned: e.deals,
    dealsStarted: deals.length,
    dealsComplete: complete.length,
    dealsExcluded: deals.filter((d) => d.excluded).length,
    matchesPlanned: e.deals * e.arms.length,
    matchesActive: all.filter((m) => m.status === 'queued' || m.status === 'running').length,
    matchesFinished: all.filter((m) => m.status === 'finished').length,
    matchesAborted: all.filter((m) => m.status === 'aborted').length,
  };
  return { deals, prompts, comparisons, progress, confidence: CONFIDENCE };
}
