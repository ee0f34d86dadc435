import { agentStatsSql, preparedRows, Prisma } from '@coup/db';
import type { AgentStats, PrismaClient } from '@coup/db';
import { AGENT_VIEW, agentOfRow } from './agents';
import type { AgentViewRow, AgentWithRelations } from './agents';
import { LATEST_BASELINES } from './datasets';
import type { BaselinesRow } from './datasets';
import { houseMarksSql } from './house-marks';
import type { HouseMarkRow } from './house-marks';
import { HISTORY_SQL } from './profile';
import type { HistoryRow } from './profile';

// GET /v1/agents/:id reads five things: the agent (with owner and ratings), its rating history, its behaviour
// sums, the latest human baselines and its house marks. They were five statements (four prepared, one through
// Prisma's client) sent at once on five pool connections: five round trips' worth of socket writes and
// reads, row parsing and pool hand-offs for one request (issue 23). Here they are one named prepared
// statement: the agent's row, and each other read as one JSON column built from the very statement it ran
// as (so its rows are the same, in the same order).

/** An agent_stats row with its pending seats added (agentStatsSql's); bigint sums as bigint or number. */
export type StatsRow = Omit<AgentStats, 'llmPromptTokens' | 'llmCompletionTokens'> & {
  llmPromptTokens: bigint | number;
  llmCompletionTokens: bigint | number;
};

export interface ProfileReads {
  agent: AgentWithRelations;
  history: HistoryRow[];
  stats: StatsRow[];
  baselines: BaselinesRow | null;
  marks: HouseMarkRow[];
}

type ProfileRow = AgentViewRow & {
  history: HistoryRow[] | null;
  stats: StatsRow[] | null;
  baselines: BaselinesRow | null;
  marks: HouseMarkRow[] | null;
};

/** Everything an agent's profile shows, in one statement; null for an agent that does not exist. */
export async function profileReads(prisma: PrismaClient, id: string): Promise<ProfileReads | null> {
  const [row] = await preparedRows<ProfileRow>(
    prisma,
    'agent_profile',
    Prisma.sql`${AGENT_VIEW},
      (SELECT json_agg(h ORDER BY h.ruleset, h."periodIndex") FROM (${HISTORY_SQL(id)}) h) AS history,
      (SELECT json_agg(s ORDER BY s.ruleset COLLATE "C") FROM (${agentStatsSql(id)}) s) AS stats,
      (SELECT json_build_object('id', d.id, 'name', d.name, 'baselines', d.baselines)
        FROM (${LATEST_BASELINES}) d) AS baselines,
      (SELECT json_agg(m ORDER BY m.rating, m.id) FROM (${houseMarksSql(id)}) m) AS marks
    FROM agents a JOIN accounts o ON o.id = a.owner_id WHERE a.id = ${id}`,
  );
  if (!row) return null;
  const { history, stats, baselines, marks, ...agent } = row;
  return {
    agent: agentOfRow(agent),
    history: history ?? [],
    stats: stats ?? [],
    baselines,
    marks: marks ?? [],
  };
}
