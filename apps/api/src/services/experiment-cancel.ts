import type { FastifyInstance } from 'fastify';
import { cancelExperiment, publishMatchesCancelled, CANCELLED } from '@coup/platform';
import { forbidden, HttpError, notFound } from '../errors';
import { experimentOwner, getExperiment } from '../repositories/experiments';
import type { Caller } from './owned-agent';

// DELETE /v1/experiments/:id: its owner (or the operator) stops a prompt experiment. No deal is queued after
// it; its queued and running matches are aborted with the reason `cancelled` and the workers running them
// stop at once; the deals that completed keep their results, readable as before.

export const EXPERIMENT_FINISHED = 'experiment_finished';

export async function cancelExperimentAs(app: FastifyInstance, caller: Caller, id: string) {
  const found = await experimentOwner(app.prisma, id);
  if (!found) throw notFound(`experiment ${id}`);
  if (!caller.isAdmin && found.ownerId !== caller.account?.id) {
    throw forbidden('only the owner of an experiment can cancel it');
  }
  const done = await cancelExperiment(app.prisma, id);
  if (done.outcome === 'not_found') throw notFound(`experiment ${id}`);
  if (done.outcome === 'finished') {
    throw new HttpError(
      409,
      EXPERIMENT_FINISHED,
      `experiment ${id} has finished: every deal was played, nothing is left to cancel`,
      { status: 'finished' },
    );
  }
  if (done.outcome === 'cancelled' && done.aborted.length > 0) await stopRuns(app, done.aborted);
  return getExperiment(app.prisma, id);
}

/** How long the answer waits for Redis to take the news (it is only a speed-up: see stopRuns). */
const TELL_WORKERS_WAIT_MS = 2000;

/**
 * The aborted matches' runs stop (every worker hears it) and their waiting jobs go. Best effort, and the
 * answer does not wait for Redis beyond TELL_WORKERS_WAIT_MS: a worker that misses it stores nothing anyway
 * (the matches are aborted), and a job left behind ends at its claim.
 */
async function stopRuns(app: FastifyInstance, matchIds: string[]): Promise<void> {
  const tell = (async () => {
    await publishMatchesCancelled(app.redis, app.keys, { matchIds, reason: CANCELLED });
    await Promise.all(matchIds.map((m) => app.matchQueue.remove(m).catch(() => 0)));
  })().catch((err: unknown) => app.log.warn({ err, matchIds }, 'cancelled matches: cannot tell the workers'));
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([tell, new Promise((r) => (timer = setTimeout(r, TELL_WORKERS_WAIT_MS)))]);
  clearTimeout(timer);
}
