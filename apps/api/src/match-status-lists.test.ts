import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimMatch, insertMatch } from '@coup/db';
import { startHarness, uniqueName } from './testing/harness';
import type { Harness } from './testing/harness';

// GET /v1/matches?status= for each status. matches.status has no index (migration matches_written_once): the
// queued and running matches come from matches_active, the aborted ones from matches_aborted, the finished
// ones from the created_at index. Each way pages newest first, joined by the cursor, with the other filters.

let h: Harness;
const byStatus: Record<string, string[]> = { queued: [], running: [], finished: [], aborted: [] };
const STATUSES = ['queued', 'running', 'finished', 'aborted', 'queued', 'aborted', 'finished', 'running'];

beforeAll(async () => {
  h = await startHarness({ worker: false });
  const owner = await h.createAccount();
  const agents: string[] = [];
  for (let i = 0; i < 2; i++) {
    agents.push(
      (await h.registerAgent(owner.key, { name: uniqueName('status'), endpointUrl: 'http://127.0.0.1:9' }))
        .id,
    );
  }
  const prisma = h.platform.runtime.prisma;
  // Three rounds of every status, in a mixed order, the last round ranked.
  for (let round = 0; round < 3; round++) {
    for (const status of STATUSES) {
      const id = await insertMatch(prisma, { agentIds: agents, ranked: round === 2, timeoutMs: 1000 });
      if (status === 'running') await claimMatch(prisma, id);
      if (status === 'finished' || status === 'aborted') {
        await prisma.match.update({
          where: { id },
          data: { status, finishedAt: new Date(), abortReason: status === 'aborted' ? 'test' : null },
        });
      }
      byStatus[status]?.unshift(id); // newest first
    }
  }
}, 60_000);
afterAll(() => h?.stop());

type Page = { items: { id: string; status: string; ranked: boolean }[]; nextCursor: string | null };

async function allPages(query: string): Promise<Page['items']> {
  const seen: Page['items'] = [];
  let cursor: string | null = null;
  do {
    const path: string = `/v1/matches?${query}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
    const res = await h.api<Page>('GET', path);
    expect(res.status).toBe(200);
    seen.push(...res.body.items);
    cursor = res.body.nextCursor;
  } while (cursor);
  return seen;
}

describe('the match list by status', () => {
  it.each(['queued', 'running', 'finished', 'aborted'])(
    'lists the %s matches newest first, page by page',
    async (status) => {
      const items = await allPages(`status=${status}`);
      expect(items.map((m) => m.id)).toEqual(byStatus[status]);
      expect(new Set(items.map((m) => m.status))).toEqual(new Set([status]));
    },
  );

  it.each(['queued', 'aborted', 'finished'])('keeps the other filters with %s', async (status) => {
    const items = await allPages(`status=${status}&ranked=true`);
    expect(items.map((m) => m.id)).toEqual(byStatus[status]?.slice(0, 2));
  });

  it('counts each status in the coup_matches gauge', async () => {
    const res = await h.api('GET', '/metrics', { key: h.adminKey });
    for (const status of ['queued', 'running', 'finished', 'aborted']) {
      expect(res.text).toContain(`coup_matches{status="${status}"} ${byStatus[status]?.length}\n`);
    }
  });

  it('drops a match from its list when it ends', async () => {
    const prisma = h.platform.runtime.prisma;
    const [newest] = byStatus.running as [string];
    await prisma.match.update({
      where: { id: newest },
      data: { status: 'aborted', finishedAt: new Date(), abortReason: 'test' },
    });
    expect((await allPages('status=running')).map((m) => m.id)).not.toContain(newest);
    expect((await allPages('status=aborted')).map((m) => m.id)).toContain(newest);
  });
});
