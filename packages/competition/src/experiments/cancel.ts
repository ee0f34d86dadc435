import type { PrismaClient } from '@coup/db';

// Cancelling a prompt experiment (its owner's DELETE /v1/experiments/:id): in one transaction on the
// experiment's row (the lock advanceExperiment takes too), the experiment becomes `cancelled`, so no deal is
// queued after it, and its queued and running matches are aborted with the reason `cancelled`. A result
// arriving later for one of them is not stored (storeMatchResult stores nothing for an aborted match); the
// caller tells the workers, which stop the runs (match-cancel.ts). Deals that completed keep their results.

/** The abort reason of an experiment's matches stopped by its cancellation. */
export const CANCELLED = 'cancelled';

export type CancelOutcome =
  | { outcome: 'cancelled'; aborted: string[] }
  | { outcome: 'already_cancelled' }
  | { outcome: 'finished' }
  | { outcome: 'not_found' };

export async function cancelExperiment(prisma: PrismaClient, experimentId: string): Promise<CancelOutcome> {
  return prisma.$transaction(
    async (tx): Promise<CancelOutcome> => {
      const rows = await tx.$queryRaw<{ status: string }[]>`
        SELECT status::text AS status FROM experiments WHERE id = ${experimentId} FOR UPDATE`;
      const status = rows[0]?.status;
      if (status === undefined) return { outcome: 'not_found' };
      if (status === 'cancelled') return { outcome: 'already_cancelled' };
      if (status === 'finished') return { outcome: 'finished' };
      const now = new Date();
      await tx.experiment.update({
        where: { id: experimentId },
        data: { status: 'cancelled', finishedAt: now },
      });
      const aborted = await tx.$queryRaw<{ id: string }[]>`
        UPDATE matches SET status = 'aborted', abort_reason = ${CANCELLED}, finished_at = ${now}
        WHERE group_id IN (SELECT id FROM match_groups WHERE experiment_id = ${experimentId})
          AND status IN ('queued', 'running')
        RETURNING id`;
      return { outcome: 'cancelled', aborted: aborted.map((r) => r.id) };
    },
    { timeout: 30_000, maxWait: 10_000 },
  );
}
