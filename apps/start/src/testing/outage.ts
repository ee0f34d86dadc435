import { expect } from 'vitest';
import { unpackReplay } from '@coup/db';
import { compactReplayCodec, parseDecisionId, Replay } from '@coup/protocol';
import { verifyReplay } from '@coup/runner';
import type { Harness } from './harness';
import type { WorkerProcess } from './worker-process';

// Checks shared by the outage tests (a private Postgres stopped, a private Redis killed): every match ends
// in a known state with exactly one result, ratings recompute identically, and no process was restarted.

/** Polls `cond` (errors count as "not yet": the database may be coming back) until true. */
export async function until(cond: () => Promise<boolean> | boolean, what: string, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  let last: unknown = null;
  for (;;) {
    try {
      if (await cond()) return;
    } catch (err) {
      last = err;
    }
    if (Date.now() > end) {
      const why = last instanceof Error ? ` (last error: ${last.message})` : '';
      throw new Error(`${what}: not within ${timeoutMs} ms${why}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until none of the matches is queued or running any more. */
export async function waitSettled(h: Harness, ids: string[], timeoutMs: number): Promise<void> {
  await until(
    async () =>
      (await h.db.prisma.match.count({
        where: { id: { in: ids }, status: { in: ['queued', 'running'] } },
      })) === 0,
    `all ${ids.length} matches finished or aborted`,
    timeoutMs,
  );
}

/**
 * Every match finished with one replay that re-runs, from its last attempt (its decision ids name that
 * attempt), with places as in the replay; or aborted with a reason. Returns how many finished.
 */
export async function expectKnownEnds(h: Harness, ids: string[]): Promise<number> {
  const matches = await h.db.prisma.match.findMany({
    where: { id: { in: ids } },
    include: { seats: { orderBy: { seat: 'asc' } }, replay: true },
  });
  expect(matches).toHaveLength(ids.length);
  let finished = 0;
  for (const m of matches) {
    if (m.status === 'aborted') {
      expect(m.abortReason, m.id).toBeTruthy();
      expect(m.replay, m.id).toBeNull();
      continue;
    }
    expect(m.status, m.id).toBe('finished');
    finished++;
    // Stored packed (replays.packed: the runner's JSON text, compressed); older rows hold JSONB data.
    const packed = m.replay?.packed;
    const replay = Replay.parse(
      packed ? JSON.parse(unpackReplay(packed, compactReplayCodec)) : m.replay?.data,
    );
    expect(verifyReplay(replay), m.id).toEqual({ ok: true });
    for (const step of replay.steps) {
      if (step.kind === 'decision') expect(parseDecisionId(step.decisionId, m.id)?.attempt).toBe(m.attempts);
    }
    for (const r of replay.results) {
      expect(m.seats[r.seat]?.place, m.id).toBe(r.place);
      expect(m.seats[r.seat]?.faults, m.id).toBe(r.faults);
    }
  }
  // One replay row per finished match (a second result could only have overwritten the first).
  expect(await h.db.prisma.replay.count({ where: { matchId: { in: ids } } })).toBe(finished);
  return finished;
}

/**
 * Waits until every finished ranked match is rated, then checks the ratings: each agent's games are its
 * rated matches (each counted once), and the recompute from the match log is identical.
 */
export async function expectRatingsExact(h: Harness, ids: string[], timeoutMs = 60_000): Promise<void> {
  await until(
    async () =>
      (await h.db.prisma.match.count({
        where: { id: { in: ids }, ranked: true, status: 'finished', ratingPeriodId: null },
      })) === 0,
    'every finished ranked match rated',
    timeoutMs,
  );
  const seats = await h.db.prisma.matchSeat.findMany({
    where: { match: { id: { in: ids }, status: 'finished', ranked: true } },
    select: { agentId: true },
  });
  const perAgent = new Map<string, number>();
  for (const s of seats) perAgent.set(s.agentId, (perAgent.get(s.agentId) ?? 0) + 1);
  for (const [agentId, games] of perAgent) {
    const rating = await h.db.prisma.rating.findUniqueOrThrow({
      where: { agentId_ruleset: { agentId, ruleset: 'original' } },
    });
    expect(rating.games, agentId).toBe(games);
  }
  const check = await h.api<{ identical: boolean; mismatches: unknown[]; matches: number }>(
    'POST',
    '/v1/admin/ratings/check',
    { key: h.adminKey },
  );
  expect(check.status, check.text).toBe(200);
  expect(check.body.mismatches).toEqual([]);
  expect(check.body.identical).toBe(true);
}

/** The worker process is the one the test started: same pid, never exited. */
export function expectAlive(w: WorkerProcess): void {
  expect(w.child.exitCode, w.output()).toBeNull();
  expect(w.child.signalCode, w.output()).toBeNull();
  expect(() => process.kill(w.pid, 0)).not.toThrow();
}
