import type { Prisma, PrismaClient } from '@coup/db';
import { insertMatchGroup } from '../match-groups';
import { budgetRefusal } from '@coup/gateway';
import type { LlmBudgetLimits } from '@coup/gateway';
import { casual } from '../match-placement';
import type { MatchPlacement } from '../match-placement';

// Prompt experiments are played progressively: a deal (a match group: one match per prompt, the same
// opponents in the same seats, seats rotated from deal to deal) is queued only while the experiment has
// fewer than EXPERIMENT_CONCURRENCY matches queued or running. So an experiment of hundreds of matches
// neither floods the match queue nor counts against its owner's MAX_ACTIVE_MATCHES_PER_ACCOUNT beyond
// one. The next deals are queued when a match of the experiment ends (the match worker) and by a ladder
// job every few seconds (anything missed, e.g. after a crash).

type Tx = Prisma.TransactionClient;

/** Deal `deal`'s seed: the experiment's seed and the deal's number, so anyone can re-deal it. */
export const dealSeed = (experimentSeed: string, deal: number) => `${experimentSeed}:${deal}`;

/** Deal `deal` seats the prompt's agent at seat (deal mod seats): every seat in turn. */
export const dealRotation = (deal: number, seats: number) => deal % seats;

export interface AdvanceOptions {
  /** EXPERIMENT_CONCURRENCY: matches of one experiment queued or running at a time (at least one deal). */
  concurrency: number;
  /**
   * Hands a written match to the workers (enqueueMatch, or enqueueWithin from the API); an experiment's
   * matches are casual, charged to its owner (match-placement.ts).
   */
  enqueue: (matchId: string, placement: MatchPlacement) => Promise<void>;
  /**
   * The daily model budgets: while the owner's (who pays for every call of the experiment), an llm
   * opponent's owner's or a model's is spent, no deal is queued; the experiment waits (running) and goes on
   * once it has reset. Unset: not checked.
   */
  budget?: LlmBudgetLimits;
}

export interface AdvanceReport {
  /** Matches written and handed to the workers. */
  queued: string[];
  /** The experiment finished in this step (every deal played). */
  finished: boolean;
  /** The experiment's owner (its matches use the owner's share of the workers' slots). */
  owner?: string;
}

/**
 * Queues the experiment's next deals while it has room, and marks it finished once every deal has been
 * queued and none of its matches is queued or running. One step at a time per experiment (its row is
 * locked), so several workers never queue a deal twice (a deal's number is also unique per experiment).
 * Matches are written in the transaction and their jobs added after commit; a crash in between leaves
 * queued matches without a job, which the sweeper queues again.
 */
export async function advanceExperiment(
  prisma: PrismaClient,
  experimentId: string,
  o: AdvanceOptions,
): Promise<AdvanceReport> {
  const report = await prisma.$transaction((tx) => step(tx, experimentId, o.concurrency, o.budget), {
    timeout: 30_000,
    maxWait: 10_000,
  });
  const placement = casual(report.owner ?? null);
  for (const id of report.queued) await o.enqueue(id, placement);
  return report;
}

async function step(
  tx: Tx,
  experimentId: string,
  concurrency: number,
  budget?: LlmBudgetLimits,
): Promise<AdvanceReport> {
  const report: AdvanceReport = { queued: [], finished: false };
  // Only a running experiment advances: a finished or cancelled one (cancel.ts) queues nothing more.
  const locked = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM experiments WHERE id = ${experimentId} AND status = 'running' FOR UPDATE`;
  if (locked.length === 0) return report;
  const exp = await tx.experiment.findUniqueOrThrow({
    where: { id: experimentId },
    include: { arms: { orderBy: { index: 'asc' }, select: { agentId: true } } },
  });
  report.owner = exp.ownerId;
  let active = await tx.match.count({
    where: { group: { experimentId }, status: { in: ['queued', 'running'] } },
  });
  let next = await tx.matchGroup.count({ where: { experimentId } });
  const perDeal = exp.arms.length;
  // At least one deal at a time, whatever the setting: a deal's matches are queued together.
  const room = Math.max(concurrency, perDeal);
  const wouldQueue = next < exp.deals && active + perDeal <= room;
  const spent = wouldQueue && budget ? await budgetSpent(tx, exp, budget) : false;
  while (!spent && next < exp.deals && active + perDeal <= room) {
    const seats = 1 + exp.opponentIds.length;
    const rotation = dealRotation(next, seats);
    const { matchIds } = await insertMatchGroup(tx, {
      seed: dealSeed(exp.seed, next),
      matches: exp.arms.map((a) => ({ lineup: [a.agentId, ...exp.opponentIds], rotation })),
      ranked: false,
      timeoutMs: exp.timeoutMs,
      experimentId,
      deal: next,
      ruleset: exp.ruleset,
    });
    report.queued.push(...matchIds);
    active += perDeal;
    next++;
  }
  if (next >= exp.deals && active === 0) {
    await tx.experiment.update({
      where: { id: experimentId },
      data: { status: 'finished', finishedAt: new Date() },
    });
    report.finished = true;
  }
  return report;
}

/** Whether a daily model budget the experiment's next deal would spend from is spent today. */
async function budgetSpent(
  tx: Tx,
  exp: { ownerId: string; modelName: string; opponentIds: string[] },
  budget: LlmBudgetLimits,
): Promise<boolean> {
  const opponents = await tx.agent.findMany({
    where: { id: { in: exp.opponentIds }, transport: 'llm' },
    select: { ownerId: true, transport: true, modelName: true },
  });
  const agents = [{ ownerId: exp.ownerId, transport: 'llm', modelName: exp.modelName }, ...opponents];
  return (await budgetRefusal(tx, { payerId: exp.ownerId, agents }, budget)) !== null;
}

/** Advances every running experiment (the ladder's `experiments` job). */
export async function advanceExperiments(prisma: PrismaClient, o: AdvanceOptions): Promise<AdvanceReport> {
  const running = await prisma.experiment.findMany({
    where: { status: 'running' },
    orderBy: { createdAt: 'asc' },
    select: { id: true },
  });
  const all: AdvanceReport = { queued: [], finished: false };
  for (const { id } of running) {
    const r = await advanceExperiment(prisma, id, o);
    all.queued.push(...r.queued);
  }
  return all;
}

/** After a match ended: the next deals of its experiment, if it is a deal of one. */
export async function advanceAfterMatch(
  prisma: PrismaClient,
  matchId: string,
  o: AdvanceOptions,
): Promise<AdvanceReport | null> {
  const m = await prisma.match.findUnique({
    where: { id: matchId },
    select: { group: { select: { experimentId: true } } },
  });
  const experimentId = m?.group?.experimentId;
  return experimentId ? advanceExperiment(prisma, experimentId, o) : null;
}
