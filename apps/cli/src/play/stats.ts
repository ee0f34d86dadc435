import type { Replay } from '@coup/protocol';

/** Results of one agent of the list over a run. */
export interface AgentStats {
  agent: string;
  name: string;
  games: number;
  /** Games it finished first alone (a shared first place at the turn cap is not a win). */
  wins: number;
  winRate: number;
  meanPlace: number | null;
  faults: number;
  faultReasons: Record<string, number>;
  forfeits: number;
  decisions: number;
  latencyMs: { p50: number | null; p95: number | null; max: number | null };
}

interface Acc {
  games: number;
  wins: number;
  places: number;
  faults: number;
  faultReasons: Map<string, number>;
  forfeits: number;
  latencies: number[];
  /** Requests the agent answered with 401: it checks signatures the run did not make (or made wrong). */
  unauthorized: number;
}

/** The fault message of an HTTP 401 (runner/http-agent.ts: `HTTP <status>`). */
const UNAUTHORIZED = /^HTTP 401\b/;

/** Accumulates results per agent as matches finish, so replays need not stay in memory. */
export class Tally {
  private readonly acc: Acc[];
  games = 0;

  constructor(private readonly agents: readonly { label: string; name: string }[]) {
    this.acc = agents.map(() => ({
      games: 0,
      wins: 0,
      places: 0,
      faults: 0,
      faultReasons: new Map(),
      forfeits: 0,
      latencies: [],
      unauthorized: 0,
    }));
  }

  /** `seating[seat]` is the index in the agent list of the agent that sat there. */
  add(replay: Replay, seating: readonly number[]): void {
    this.games++;
    const soleWinner = replay.ranking[0]?.length === 1 ? replay.ranking[0][0] : undefined;
    for (const r of replay.results) {
      const a = this.acc[seating[r.seat] ?? -1];
      if (!a) continue;
      a.games++;
      a.places += r.place;
      if (r.seat === soleWinner) a.wins++;
      if (r.forfeited) a.forfeits++;
    }
    for (const step of replay.steps) {
      if (step.kind !== 'decision' || step.unused) continue;
      const a = this.acc[seating[step.seat] ?? -1];
      if (!a) continue;
      a.latencies.push(step.latencyMs);
      if (step.fault) {
        a.faults++;
        a.faultReasons.set(step.fault.reason, (a.faultReasons.get(step.fault.reason) ?? 0) + 1);
        if (step.fault.reason === 'http_status' && UNAUTHORIZED.test(step.fault.message)) a.unauthorized++;
      }
    }
  }

  /** Per agent of the list, how many of its requests were refused with a 401. */
  unauthorized(): number[] {
    return this.acc.map((a) => a.unauthorized);
  }

  stats(): AgentStats[] {
    return this.acc.map((a, i) => {
      const sorted = Float64Array.from(a.latencies).sort();
      const agent = this.agents[i] ?? { label: `#${i}`, name: `#${i}` };
      return {
        agent: agent.label,
        name: agent.name,
        games: a.games,
        wins: a.wins,
        winRate: a.games ? a.wins / a.games : 0,
        meanPlace: a.games ? a.places / a.games : null,
        faults: a.faults,
        faultReasons: Object.fromEntries([...a.faultReasons].sort((x, y) => y[1] - x[1])),
        forfeits: a.forfeits,
        decisions: sorted.length,
        latencyMs: { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? null },
      };
    });
  }
}

/** Nearest-rank percentile of sorted values (null when there are none). */
export function percentile(sorted: ArrayLike<number>, p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? null;
}
