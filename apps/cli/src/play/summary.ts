import Table from 'cli-table3';
import type { RulesetId } from '@coup/engine';
import type { AgentStats } from './stats.ts';

export interface RunSummary {
  seed: string;
  /** The game the matches played. */
  ruleset: RulesetId;
  games: number;
  /** Matches asked for; more than `games` when the run was interrupted. */
  requested: number;
  seconds: number;
  out: string | null;
  interrupted: boolean;
  agents: AgentStats[];
}

const ms = (x: number | null): string => (x === null ? '-' : x < 10 ? x.toFixed(2) : x.toFixed(1));
const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

function faults(s: AgentStats): string {
  if (s.faults === 0) return '0';
  const reasons = Object.entries(s.faultReasons).map(([reason, n]) => `${reason} ${n}`);
  return `${s.faults} (${reasons.join(', ')})`;
}

/** The results table printed after `coup play`. */
export function renderSummary(summary: RunSummary): string {
  const table = new Table({
    head: ['agent', 'games', 'wins', 'win rate', 'mean place', 'faults', 'forfeits', 'p50 ms', 'p95 ms'],
    colAligns: ['left', 'right', 'right', 'right', 'right', 'left', 'right', 'right', 'right'],
    style: { head: [], border: [] },
    // No rule between rows: a compact table reads better with up to 6 agents.
    chars: { mid: '', 'left-mid': '', 'mid-mid': '', 'right-mid': '' },
  });
  for (const s of summary.agents) {
    table.push([
      s.agent,
      s.games,
      s.wins,
      pct(s.winRate),
      s.meanPlace === null ? '-' : s.meanPlace.toFixed(2),
      faults(s),
      s.forfeits,
      ms(s.latencyMs.p50),
      ms(s.latencyMs.p95),
    ]);
  }
  const lines = [table.toString()];
  const games = `${summary.games} ${summary.games === 1 ? 'game' : 'games'}`;
  const done = summary.interrupted ? `${games} of ${summary.requested} (interrupted)` : games;
  // The base game goes unsaid, as before rulesets were named.
  const game = summary.ruleset === 'original' ? '' : ` of ${summary.ruleset}`;
  lines.push(`${done}${game} in ${summary.seconds.toFixed(1)} s, seed ${JSON.stringify(summary.seed)}`);
  if (summary.out) lines.push(`replays: ${summary.out}`);
  return lines.join('\n');
}
