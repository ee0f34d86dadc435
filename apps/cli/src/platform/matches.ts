import { setTimeout as sleep } from 'node:timers/promises';
import { EXIT_FAILED, ExitCode } from '../errors.ts';
import { ApiError } from './client.ts';
import type { PlatformContext } from './context.ts';
import { note, print, printJson, table, when } from './format.ts';
import type { Match, MatchStatus } from './types.ts';
import { collectPages } from './pages.ts';

const POLL_MS = 500;

export interface QueueOptions {
  ranked: boolean;
  timeoutMs?: number;
  seed?: string;
  wait: boolean;
}

/** What to do instead, by the API's error code. */
const QUEUE_HINTS: Record<string, string> = {
  ranked_not_allowed:
    '(ranked matches come from the ranked queue: coup platform agents queue <id>; --ranked needs the ' +
    "operator's admin key)",
  custom_timeout_not_allowed:
    "(leave out --timeout-ms: another owner's agent plays at the platform's deadline)",
  too_many_active_matches: '(wait for your queued and running matches to end: coup platform matches list)',
};

/** `matches queue`: one agent per seat, in seat order; with --wait, follows the match to its end. */
export async function queueMatch(ctx: PlatformContext, agents: string[], o: QueueOptions): Promise<void> {
  const queued = await ctx.client
    .call('POST /matches', {
      body: {
        agents,
        ranked: o.ranked,
        ...(o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {}),
        ...(o.seed !== undefined ? { seed: o.seed } : {}),
      },
    })
    .catch((err: unknown) => {
      const hint = err instanceof ApiError ? QUEUE_HINTS[err.code] : undefined;
      throw hint && err instanceof ApiError ? new ApiError(err.message, err.code, err.status, hint) : err;
    });
  if (!o.wait) {
    if (printJson(ctx, queued)) return;
    print(`queued ${queued.ranked ? 'ranked' : 'casual'} match ${queued.id}`);
    print(`follow it: coup platform matches show ${queued.id}   (or queue with --wait)`);
    return;
  }
  note(`queued match ${queued.id}; waiting for it to end (Ctrl-C stops waiting, not the match)`);
  const done = await waitForMatch(ctx, queued);
  if (!printJson(ctx, done)) print(describeMatch(done));
  if (done.status !== 'finished') throw new ExitCode(EXIT_FAILED);
}

/** Polls the match until it is finished or aborted, telling stderr when its status changes. */
async function waitForMatch(ctx: PlatformContext, first: Match): Promise<Match> {
  let m = first;
  let seen: MatchStatus = m.status;
  while (m.status === 'queued' || m.status === 'running') {
    await sleep(POLL_MS);
    m = await ctx.client.call('GET /matches/:id', { params: { id: m.id } });
    if (m.status !== seen) {
      seen = m.status;
      if (m.status === 'running') note(`match ${m.id} is running`);
    }
  }
  return m;
}

export interface ListOptions {
  agent?: string;
  status?: string;
  limit: number;
}

/** `matches list`: newest first, one line per match with its seats in place order once it has ended. */
export async function listMatches(ctx: PlatformContext, o: ListOptions): Promise<void> {
  const matches = await collectPages(o.limit, (cursor, limit) =>
    ctx.client.call('GET /matches', { query: { agent: o.agent, status: o.status, cursor, limit } }),
  );
  if (printJson(ctx, matches)) return;
  if (matches.length === 0) {
    print('no matches');
    return;
  }
  print(
    table(
      ['id', 'status', 'kind', 'created', 'seats (by place when finished)'],
      matches.map((m) => [m.id, m.status, m.ranked ? 'ranked' : 'casual', when(m.createdAt), seatsLine(m)]),
    ),
  );
}

function seatsLine(m: Match): string {
  const seats = [...m.seats].sort((a, b) => (a.place ?? a.seat + 100) - (b.place ?? b.seat + 100));
  return seats.map((s) => (s.place !== null ? `${s.place}. ${s.agent.name}` : s.agent.name)).join(', ');
}

/** `matches show`: the match, its seats and, once it has ended, the ranking and the revealed seed. */
export async function showMatch(ctx: PlatformContext, id: string): Promise<void> {
  const m = await ctx.client.call('GET /matches/:id', { params: { id } });
  if (printJson(ctx, m)) return;
  print(describeMatch(m));
}

export function describeMatch(m: Match): string {
  const lines = [
    `match ${m.id}: ${m.status}, ${m.ranked ? 'ranked' : 'casual'}, ${m.seats.length} seats, ` +
      `decision deadline ${m.timeoutMs} ms`,
  ];
  if (m.eventId) lines.push(`event ${m.eventId}, round ${m.eventRound ?? '-'}`);
  lines.push(
    `created ${when(m.createdAt)}, started ${when(m.startedAt)}, finished ${when(m.finishedAt)}` +
      (m.attempts > 1 ? ` (${m.attempts} attempts)` : ''),
  );
  if (m.abortReason) lines.push(`aborted: ${m.abortReason}`);
  const seats = [...m.seats].sort((a, b) => (a.place ?? 99) - (b.place ?? 99) || a.seat - b.seat);
  lines.push(
    table(
      ['place', 'seat', 'agent', 'id', 'faults', 'forfeited'],
      seats.map((s) => [
        s.place ?? '-',
        s.seat,
        s.agent.name,
        s.agent.id,
        s.faults,
        s.forfeited ? 'yes' : '-',
      ]),
      ['right', 'right', 'left', 'left', 'right', 'left'],
    ),
  );
  lines.push(`seed commitment ${m.seedCommitment}`);
  if (m.seed !== null) lines.push(`seed ${JSON.stringify(m.seed)} (engine ${m.engineVersion ?? '?'})`);
  if (m.status === 'finished') lines.push(`replay: coup platform replay download ${m.id}`);
  return lines.join('\n');
}
