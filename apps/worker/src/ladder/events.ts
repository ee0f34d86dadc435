import type { Queue } from 'bullmq';
import { insertMatches } from '@coup/db';
import type { Prisma, PrismaClient } from '@coup/db';
import { enqueueMatches, FORMED, pairRound, requeueOrphans } from '@coup/competition';
import type { EventMatchRecord, MatchQueues } from '@coup/competition';
import type { MatchJob } from '@coup/gateway';
import { isRanked } from '@coup/transports';

export interface ScheduleEventsOptions {
  /** The match queues (requeueOrphans puts a lost job back in its lane); a bare Queue is both. */
  matchQueue: MatchQueues | Queue<MatchJob>;
  timeoutMs: number;
  now?: number;
  /** A queued event match older than this without a job gets its job again (a crash after the commit). */
  requeueAfterMs?: number;
  /**
   * Agents of one (non-house) owner at one table (MAX_SEATS_PER_OWNER), as in the matchmaker. Default 1.
   */
  maxPerOwner?: number;
}

export interface ScheduleReport {
  started: string[];
  finished: string[];
  /** Match ids handed to the queue this pass (new rounds and re-queued orphans). */
  queued: string[];
}

type Tx = Prisma.TransactionClient;

interface Step {
  started: boolean;
  finished: boolean;
  created: string[];
}

/**
 * One pass of the event scheduler (a repeatable ladder job, only with EVENTS_ENABLED):
 * - an open event whose start time has come starts: its entrants are the entries of agents that are active
 *   and not deleted (the other entries are dropped); with fewer than 2 it finishes at once, without matches;
 * - a running event whose current round has ended (every match finished or aborted) gets its next round,
 *   or, after its last round, finishes.
 * Each event is advanced in its own transaction that first locks the event row (FOR UPDATE SKIP LOCKED), and
 * a round is created only when no match of it exists yet: with several workers, or a pass run twice, every
 * round is created exactly once. Match rows are written in that transaction and their jobs added after the
 * commit (a job must never point at a row not yet visible); a crash in between leaves queued matches
 * without a job, which a later pass queues again (job id = match id, so never twice).
 */
export async function scheduleEvents(
  prisma: PrismaClient,
  o: ScheduleEventsOptions,
): Promise<ScheduleReport> {
  const now = new Date(o.now ?? Date.now());
  const report: ScheduleReport = { started: [], finished: [], queued: [] };
  const due = await prisma.event.findMany({
    where: { OR: [{ status: 'open', startsAt: { lte: now } }, { status: 'running' }] },
    orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
    select: { id: true },
  });
  for (const { id } of due) {
    const step = await prisma.$transaction((tx) => stepEvent(tx, id, now, o.timeoutMs, o.maxPerOwner ?? 1), {
      timeout: 30_000,
      maxWait: 10_000,
    });
    if (step.started) report.started.push(id);
    if (step.finished) report.finished.push(id);
    // The platform's matches (rated or not): ahead of casual ones, the round's jobs in one round trip.
    await enqueueMatches(o.matchQueue, step.created, FORMED);
    report.queued.push(...step.created);
  }
  report.queued.push(
    ...(await requeueOrphans(prisma, o.matchQueue, o.requeueAfterMs ?? 10_000, now.getTime())),
  );
  return report;
}

/** Advances one event by at most one step, under its row lock. */
async function stepEvent(
  tx: Tx,
  id: string,
  now: Date,
  timeoutMs: number,
  maxPerOwner: number,
): Promise<Step> {
  const step: Step = { started: false, finished: false, created: [] };
  // Another worker holding the row is advancing this event right now: leave it to that one.
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM events WHERE id = ${id} FOR UPDATE SKIP LOCKED`;
  if (locked.length === 0) return step;
  const event = await tx.event.findUnique({ where: { id } });
  if (!event || event.status === 'finished') return step;
  const finish = async () => {
    await tx.event.update({ where: { id }, data: { status: 'finished' } });
    step.finished = true;
    return step;
  };

  if (event.status === 'open') {
    if (event.startsAt > now) return step;
    const entries = await tx.eventEntry.findMany({ where: { eventId: id }, include: { agent: true } });
    const dropped = entries.filter((e) => !playable(e.agent)).map((e) => e.agentId);
    if (dropped.length > 0) {
      await tx.eventEntry.deleteMany({ where: { eventId: id, agentId: { in: dropped } } });
    }
    step.started = true;
    if (entries.length - dropped.length < 2) return finish();
    await tx.event.update({ where: { id }, data: { status: 'running' } });
  }

  const matches = await tx.match.findMany({
    where: { eventId: id },
    select: { eventRound: true, status: true, seats: { select: { agentId: true, place: true } } },
  });
  const history: EventMatchRecord[] = matches.map((m) => ({
    round: m.eventRound ?? 0,
    status: m.status,
    seats: m.seats,
  }));
  const current = Math.max(0, ...history.map((m) => m.round));
  const pending = history.some(
    (m) => m.round === current && (m.status === 'queued' || m.status === 'running'),
  );
  if (pending) return step;
  if (current >= event.rounds) return finish();

  // Entrants who stopped being playable mid-event (paused, disabled, deleted) keep their results but get
  // no new tables: a paused agent plays no new matches.
  const entries = await tx.eventEntry.findMany({
    where: { eventId: id },
    include: {
      agent: {
        select: {
          id: true,
          name: true,
          status: true,
          deletedAt: true,
          ownerId: true,
          isHouse: true,
          transport: true,
          rulesets: true,
        },
      },
    },
  });
  const entrants = entries
    // An entrant that no longer accepts the event's ruleset gets no new tables either.
    .filter((e) => playable(e.agent) && e.agent.rulesets.includes(event.ruleset))
    .map((e) => ({
      agentId: e.agentId,
      name: e.agent.name,
      ownerId: e.agent.ownerId,
      house: e.agent.isHouse,
    }));
  const round = current + 1;
  const { tables } = pairRound({
    eventId: id,
    format: event.format,
    round,
    seatsPerMatch: event.seatsPerMatch,
    entrants,
    history,
    // No table seats more than maxPerOwner agents of one owner (house agents exempt): an event's results
    // may be rated, so self-collusion is ruled out here as in the ranked queue.
    maxPerOwner,
  });
  if (tables.length === 0) return finish();
  // The round's tables in one statement.
  const created = await insertMatches(
    tx,
    tables.map((agentIds) => ({
      agentIds,
      ranked: event.rated,
      timeoutMs,
      eventId: id,
      eventRound: round,
      ruleset: event.ruleset,
    })),
  );
  step.created.push(...created);
  return step;
}

/** Active, not deleted, and not a person's seat (people never play events: entries refuse them). */
function playable(a: { status: string; deletedAt: Date | null; transport: string }): boolean {
  return a.status === 'active' && a.deletedAt === null && isRanked(a);
}
