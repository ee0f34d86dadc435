import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_PREFIX, newId } from '@coup/db';
import { seedCommitment } from '@coup/protocol';
import type { Prisma } from '@coup/db';
import { emptyStats } from '@coup/competition';
import { errorShapeProblem, startHarness, uniqueName } from './testing/harness';
import type { Account, ApiResponse, Harness } from './testing/harness';

// Who may queue which match through POST /v1/matches (issue: ratings only from fair matches; floods do not
// starve everyone): ranked matches only from the operator, the platform's deadline for other owners'
// agents, a per-account cap of active matches, and casual matches kept out of public statistics. No worker
// runs here: queued matches stay queued, so the cap is exact.

const PLATFORM_TIMEOUT_MS = 3000;
const CAP = 3;

interface ErrorBody {
  error: { code: string; message: string; details?: Record<string, unknown> };
}
interface MatchBody {
  id: string;
  ranked: boolean;
  timeoutMs: number;
  status: string;
}

let h: Harness;
let house: string[];

beforeAll(async () => {
  h = await startHarness({
    worker: false,
    env: {
      MATCH_TIMEOUT_MS: String(PLATFORM_TIMEOUT_MS),
      MAX_ACTIVE_MATCHES_PER_ACCOUNT: String(CAP),
      MAX_SEATS_PER_OWNER: '1',
    },
  });
  const res = await h.api<{ items: { id: string }[] }>('GET', '/v1/agents?house=true');
  house = res.body.items.map((a) => a.id);
  expect(house.length).toBeGreaterThanOrEqual(2);
}, 60_000);

afterAll(async () => {
  await h?.stop();
});

async function agentOf(owner: Account): Promise<string> {
  return (await h.registerAgent(owner.key, { name: uniqueName('ag'), endpointUrl: 'http://127.0.0.1:9' })).id;
}

const queue = (key: string, body: Record<string, unknown>) =>
  h.api<MatchBody & ErrorBody>('POST', '/v1/matches', { key, body });

function expectError(res: ApiResponse<ErrorBody>, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(errorShapeProblem(res.body)).toBeNull();
  expect(res.body.error.code).toBe(code);
}

/** Ends every active match of the account, as finished matches would (frees its cap). */
async function endMatchesOf(accountId: string) {
  await h.db.prisma.match.updateMany({
    where: { createdById: accountId, status: { in: ['queued', 'running'] } },
    data: { status: 'aborted', abortReason: 'test', finishedAt: new Date() },
  });
}

describe('ranked matches', () => {
  it('a normal account asking for ranked: true gets 403 ranked_not_allowed, whatever the agents', async () => {
    const [attacker, victim] = await Promise.all([h.createAccount(), h.createAccount()]);
    const [mine, theirs] = await Promise.all([agentOf(attacker), agentOf(victim)]);
    for (const agents of [
      [mine, theirs],
      [mine, house[0]],
      [theirs, house[0]],
    ]) {
      const res = await queue(attacker.key, { agents, ranked: true, timeoutMs: 100 });
      expectError(res, 403, 'ranked_not_allowed');
      expect(res.body.error.message).toMatch(/matchmaker/);
      expect(res.body.error.message).toMatch(/ranked queue/);
    }
    expect(await h.db.prisma.match.count({ where: { ranked: true } })).toBe(0);
  });

  it('the admin key may queue a ranked match, within MAX_SEATS_PER_OWNER', async () => {
    const [a, b] = await Promise.all([h.createAccount(), h.createAccount()]);
    const [a1, a2, b1] = await Promise.all([agentOf(a), agentOf(a), agentOf(b)]);
    const ok = await queue(h.adminKey, { agents: [a1, b1, house[0]], ranked: true });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body).toMatchObject({ ranked: true, timeoutMs: PLATFORM_TIMEOUT_MS, status: 'queued' });
    const row = await h.db.prisma.match.findUniqueOrThrow({ where: { id: ok.body.id } });
    expect(row.createdById).toBeNull();

    const twoOfOne = await queue(h.adminKey, { agents: [a1, a2, b1], ranked: true });
    expectError(twoOfOne, 409, 'too_many_seats_per_owner');
    expect(twoOfOne.body.error.message).toContain('MAX_SEATS_PER_OWNER');
    // House agents share one owner but are exempt, as in the matchmaker.
    const houses = await queue(h.adminKey, { agents: house.slice(0, 3), ranked: true });
    expect(houses.status, houses.text).toBe(201);
  });
});

describe("casual matches with another owner's agent", () => {
  it("refuse a custom timeoutMs (400) and play at the platform's deadline", async () => {
    const [attacker, victim] = await Promise.all([h.createAccount(), h.createAccount()]);
    const [mine, theirs] = await Promise.all([agentOf(attacker), agentOf(victim)]);
    try {
      for (const timeoutMs of [100, 1000, 10_000]) {
        const res = await queue(attacker.key, { agents: [mine, theirs], timeoutMs });
        expectError(res, 400, 'custom_timeout_not_allowed');
        expect(res.body.error.message).toContain(theirs);
        expect(res.body.error.message).toContain(`${PLATFORM_TIMEOUT_MS} ms`);
      }
      // Only other owners' agents: the same.
      const onlyTheirs = await queue(attacker.key, { agents: [theirs, house[0]], timeoutMs: 100 });
      expectError(onlyTheirs, 400, 'custom_timeout_not_allowed');

      const plain = await queue(attacker.key, { agents: [mine, theirs] });
      expect(plain.status, plain.text).toBe(201);
      expect(plain.body).toMatchObject({ ranked: false, timeoutMs: PLATFORM_TIMEOUT_MS });
      const same = await queue(attacker.key, { agents: [mine, theirs], timeoutMs: PLATFORM_TIMEOUT_MS });
      expect(same.status, same.text).toBe(201);
    } finally {
      await endMatchesOf(attacker.id);
    }
  });

  it('a custom timeoutMs stays allowed with only your own and house agents, and for the operator', async () => {
    const owner = await h.createAccount();
    const [a, b] = await Promise.all([agentOf(owner), agentOf(owner)]);
    try {
      const own = await queue(owner.key, { agents: [a, b, house[0]], timeoutMs: 100 });
      expect(own.status, own.text).toBe(201);
      expect(own.body.timeoutMs).toBe(100);
      const admin = await queue(h.adminKey, { agents: [a, house[0]], timeoutMs: 250 });
      expect(admin.status, admin.text).toBe(201);
      expect(admin.body.timeoutMs).toBe(250);
    } finally {
      await endMatchesOf(owner.id);
    }
  });
});

describe('MAX_ACTIVE_MATCHES_PER_ACCOUNT', () => {
  it('caps queued plus running matches per account with 429 too_many_active_matches', async () => {
    const [owner, other] = await Promise.all([h.createAccount(), h.createAccount()]);
    const mine = await agentOf(owner);
    for (let i = 0; i < CAP; i++) {
      const res = await queue(owner.key, { agents: [mine, house[0]] });
      expect(res.status, res.text).toBe(201);
    }
    // One of them running still counts.
    const first = await h.db.prisma.match.findFirstOrThrow({ where: { createdById: owner.id } });
    await h.db.prisma.match.update({ where: { id: first.id }, data: { status: 'running' } });

    const over = await queue(owner.key, { agents: [mine, house[1]] });
    expectError(over, 429, 'too_many_active_matches');
    expect(over.body.error.message).toContain(`the limit is ${CAP}`);
    expect(over.body.error.message).toContain('MAX_ACTIVE_MATCHES_PER_ACCOUNT');
    expect(over.body.error.details).toEqual({ active: CAP, limit: CAP });

    // Another account, and the operator, are not held back by it; matches with the owner's agent queued by
    // someone else count for that someone else.
    const theirs = await queue(other.key, { agents: [house[0], mine] });
    expect(theirs.status, theirs.text).toBe(201);
    expect((await queue(h.adminKey, { agents: [mine, house[0]] })).status).toBe(201);

    // A match that ends frees its slot.
    await h.db.prisma.match.update({
      where: { id: first.id },
      data: { status: 'finished', finishedAt: new Date() },
    });
    expect((await queue(owner.key, { agents: [mine, house[0]] })).status).toBe(201);
    expectError(await queue(owner.key, { agents: [mine, house[0]] }), 429, 'too_many_active_matches');
    await Promise.all([endMatchesOf(owner.id), endMatchesOf(other.id)]);
  });

  it('holds under parallel requests: exactly the cap gets through', async () => {
    const owner = await h.createAccount();
    const mine = await agentOf(owner);
    const results = await Promise.all(
      Array.from({ length: 3 * CAP }, () => queue(owner.key, { agents: [mine, house[0]] })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(CAP);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2 * CAP);
    expect(
      await h.db.prisma.match.count({
        where: { createdById: owner.id, status: { in: ['queued', 'running'] } },
      }),
    ).toBe(CAP);
    await endMatchesOf(owner.id);
  });
});

describe('public statistics', () => {
  /** A finished match with one seat of `agentId` whose replay statistics say `decisions`. */
  async function finishedMatch(agentId: string, ranked: boolean, decisions: number) {
    const id = newId(ID_PREFIX.match);
    const stats = { ...emptyStats(), decisions, faults: decisions, latencies: [5] };
    await h.db.prisma.match.create({
      data: {
        id,
        ranked,
        status: 'finished',
        seed: id,
        seedCommitment: seedCommitment(id),
        timeoutMs: 100,
        finishedAt: new Date(),
        seats: {
          create: [
            { seat: 0, agentId, place: 2, faults: 3, forfeited: true, stats: stats as Prisma.InputJsonValue },
            { seat: 1, agentId: house[0] as string, place: 1 },
          ],
        },
      },
    });
  }

  it("an agent's behaviour figures come from ranked matches only, never casual ones", async () => {
    const owner = await h.createAccount();
    const agent = await agentOf(owner);
    const profile = async () =>
      (
        await h.api<{ stats: { matches: number; decisions: number; faultRate: number | null } }>(
          'GET',
          `/v1/agents/${agent}`,
        )
      ).body.stats;
    await finishedMatch(agent, false, 40);
    await finishedMatch(agent, false, 40);
    expect(await profile()).toMatchObject({ matches: 0, decisions: 0, faultRate: null });
    await finishedMatch(agent, true, 7);
    expect(await profile()).toMatchObject({ matches: 1, decisions: 7, faultRate: 1 });
  });
});
