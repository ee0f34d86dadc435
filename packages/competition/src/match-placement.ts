import type { Queue } from 'bullmq';
import type { Prisma, PrismaClient } from '@coup/db';
import type { MatchJob } from '@coup/gateway';

// Where a match's job goes and how it competes for a worker's slots (docs/DESIGN.md "Sharing the worker
// slots"):
// - a casual table that seats a person goes to the `tables` queue, with slots of its own (TABLE_CONCURRENCY):
//   it waits up to HUMAN_TIMEOUT_MS per decision and uses almost no CPU, so it never holds a slot of the
//   `matches` queue;
// - matches the platform forms (the matchmaker's, events', any ranked one) are added without a priority:
//   BullMQ hands out every such job before any prioritized one, so they go ahead of all casual matches;
// - a casual match is charged to an account (whoever asked for it, or the experiment's owner), and a
//   worker plays at most WORKER_SLOTS_PER_ACCOUNT of one account's matches at once (the match worker
//   defers the others: apps/worker account-slots.ts), leaving the other slots to everyone else.
// The placement follows from facts of the match that never change, so the sweeper, re-adding a lost job,
// always puts it back where it was: a match is only ever in one queue, under its own id.

export type MatchLane = 'matches' | 'tables';

export interface MatchPlacement {
  lane: MatchLane;
  /** Formed by the platform (matchmaker, events, ranked): ahead of every casual match. */
  formed: boolean;
  /** The account whose share of a worker's slots it uses; null: the platform's or the operator's own. */
  account: string | null;
}

/** The BullMQ priority of casual jobs: after every job without one (those the platform formed). */
export const CASUAL_PRIORITY = 1;

/** A ranked match, or one of an event: the platform's, ahead of casual ones. */
export const FORMED: MatchPlacement = { lane: 'matches', formed: true, account: null };

/** A casual match (account null: the operator's, e.g. with the admin key, or a demo). */
export const casual = (account: string | null): MatchPlacement => ({
  lane: 'matches',
  formed: false,
  account,
});

/** A casual table seating `account`'s person. */
export const table = (account: string | null): MatchPlacement => ({ lane: 'tables', formed: false, account });

/** The two match queues; a bare Queue stands for both (tests, benchmarks). */
export interface MatchQueues {
  matches: Queue<MatchJob>;
  tables: Queue<MatchJob>;
}

export function asQueues(q: MatchQueues | Queue<MatchJob>): MatchQueues {
  return 'matches' in q && 'tables' in q ? q : { matches: q, tables: q };
}

/** Each queue once (a bare Queue is both). */
export function eachQueue(q: MatchQueues | Queue<MatchJob>): Queue<MatchJob>[] {
  const { matches, tables } = asQueues(q);
  return matches === tables ? [matches] : [matches, tables];
}

/** The job's data and options for `placement`. */
export function jobFor(matchId: string, placement: MatchPlacement): { data: MatchJob; priority?: number } {
  return {
    data: placement.account ? { matchId, account: placement.account } : { matchId },
    ...(placement.formed ? {} : { priority: CASUAL_PRIORITY }),
  };
}

type PlacementRow = {
  formed: boolean;
  created_by_id: string | null;
  owner_id: string | null;
  person: boolean;
};

/**
 * The placement of a written match, from the match itself: its lane (a person's seat), whether the platform
 * formed it, and the account it is charged to. null for an unknown match. One query.
 */
export async function placementOf(
  db: PrismaClient | Prisma.TransactionClient,
  matchId: string,
): Promise<MatchPlacement | null> {
  const rows = await db.$queryRaw<PlacementRow[]>`
    SELECT m.ranked OR m.event_id IS NOT NULL AS formed, m.created_by_id, e.owner_id,
      EXISTS (SELECT 1 FROM match_seats s JOIN agents a ON a.id = s.agent_id
              WHERE s.match_id = m.id AND a.transport = 'human') AS person
    FROM matches m
    LEFT JOIN match_groups g ON g.id = m.group_id
    LEFT JOIN experiments e ON e.id = g.experiment_id
    WHERE m.id = ${matchId}`;
  const row = rows[0];
  if (!row) return null;
  const account = row.created_by_id ?? row.owner_id;
  if (row.person) return table(account);
  return row.formed ? FORMED : casual(account);
}
