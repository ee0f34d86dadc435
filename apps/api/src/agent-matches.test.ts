import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMatch } from '@coup/db';
import { startHarness, uniqueName } from './testing/harness';
import type { Account, Harness } from './testing/harness';

// GET /v1/matches?agent= reads the seats' (agent_id, created_at desc, match_id desc) index: newest first,
// pages joined by the cursor without gaps or repeats, a match listed once when the agent holds several of
// its seats, the other filters still applied, and nothing for an agent with no match.

let h: Harness;
let owner: Account;
const agents: string[] = [];
const made: string[] = []; // oldest first

beforeAll(async () => {
  h = await startHarness({ worker: false });
  owner = await h.createAccount();
  for (let i = 0; i < 3; i++) {
    agents.push(
      (await h.registerAgent(owner.key, { name: uniqueName('lister'), endpointUrl: 'http://127.0.0.1:9' }))
        .id,
    );
  }
  const prisma = h.platform.runtime.prisma;
  const [a, b, c] = agents as [string, string, string];
  for (let i = 0; i < 7; i++) {
    // Every other match seats `a` twice; the sixth is aborted.
    const lineup = i % 2 ? [a, b] : [a, c, a];
    made.push(await insertMatch(prisma, { agentIds: lineup, ranked: false, timeoutMs: 1000 }));
  }
  await prisma.match.update({ where: { id: made[5] }, data: { status: 'aborted' } });
}, 60_000);
afterAll(() => h?.stop());

type Page = { items: { id: string; status: string }[]; nextCursor: string | null };

describe('matches of an agent', () => {
  it('pages newest first, each match once, joined by the cursor', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = `/v1/matches?agent=${agents[0]}&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await h.api<Page>('GET', q);
      expect(res.status).toBe(200);
      seen.push(...res.body.items.map((m) => m.id));
      cursor = res.body.nextCursor;
    } while (cursor);
    const created = await h.db.prisma.match.findMany({
      where: { id: { in: made } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      select: { id: true },
    });
    expect(seen).toEqual(created.map((m) => m.id));
  });

  it('applies the other filters, and lists nothing for an agent without matches', async () => {
    const b = await h.api<Page>('GET', `/v1/matches?agent=${agents[1]}`);
    expect(b.body.items.map((m) => m.id).sort()).toEqual([made[1], made[3], made[5]].sort());
    const aborted = await h.api<Page>('GET', `/v1/matches?agent=${agents[1]}&status=aborted`);
    expect(aborted.body.items.map((m) => m.id)).toEqual([made[5]]);
    const none = await h.registerAgent(owner.key, {
      name: uniqueName('idle'),
      endpointUrl: 'http://127.0.0.1:9',
    });
    expect((await h.api<Page>('GET', `/v1/matches?agent=${none.id}`)).body).toEqual({
      items: [],
      nextCursor: null,
    });
  });

  it('filters by ?ruleset=, with or without an agent, and refuses an unknown ruleset with 400', async () => {
    const prisma = h.platform.runtime.prisma;
    const both = await h.registerAgent(owner.key, {
      name: uniqueName('inq'),
      endpointUrl: 'http://127.0.0.1:9',
      rulesets: ['original', 'inquisitors'],
    });
    const [a] = agents as [string];
    const inq = await insertMatch(prisma, {
      agentIds: [both.id, a],
      ranked: false,
      timeoutMs: 1000,
      ruleset: 'inquisitors',
    });
    const ids = async (q: string) => {
      const res = await h.api<Page>('GET', `/v1/matches?${q}`);
      expect(res.status).toBe(200);
      return res.body.items.map((m) => m.id);
    };
    expect(await ids('ruleset=inquisitors')).toEqual([inq]);
    expect(await ids(`agent=${a}&ruleset=inquisitors`)).toEqual([inq]);
    expect(await ids(`agent=${a}&ruleset=original`)).not.toContain(inq);
    expect((await ids(`agent=${a}&ruleset=original`)).length).toBe(made.length);
    expect(await ids('ruleset=original&limit=100')).not.toContain(inq);
    const bad = await h.api<{ error: { code: string; message: string } }>(
      'GET',
      '/v1/matches?ruleset=reformation',
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
    expect(bad.body.error.message).toMatch(
      /unknown ruleset "reformation": this platform plays original, inquisitors/,
    );
  });
});
