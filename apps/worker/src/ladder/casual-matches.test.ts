import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret, ID_PREFIX, newId } from '@coup/db';
import { seedCommitment } from '@coup/protocol';
import { createTestDatabase } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import type { MatchJob } from '@coup/gateway';
import { closeDuePeriods } from './close-periods';
import { FAULTY_MATCHES_LIMIT, matchmakerPass } from './matchmaker';

// Casual matches count for nothing in the ladder: anyone can queue one against another owner's agent, so
// neither its result nor its faults (a victim made to time out) may reach ratings or push an agent out of
// the ranked queue. Only ranked matches (matchmaker, rated events, the operator) do.

let db: TestDatabase;
let ownerId: string;
let houseId: string;

const noJobs = { add: async () => undefined, addBulk: async () => [] } as unknown as Queue<MatchJob>;

async function makeAgent(o: { inQueue: boolean; house?: boolean }) {
  const id = newId(ID_PREFIX.agent);
  await db.prisma.agent.create({
    data: {
      id,
      ownerId,
      name: `ev-${id}`,
      transport: 'http',
      endpointUrl: 'http://127.0.0.1:9',
      isHouse: o.house ?? false,
      inQueue: o.inQueue,
      queueJoinedAt: o.inQueue ? new Date(Date.now() - 60_000) : null,
      secretHash: hashSecret(id),
      secretEnc: 'unused',
    },
  });
  return id;
}

/** A finished match in which `agentId` faulted three times and forfeited. */
async function faultyMatch(agentId: string, ranked: boolean) {
  const id = newId(ID_PREFIX.match);
  await db.prisma.match.create({
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
          { seat: 0, agentId, place: 2, faults: 3, forfeited: true },
          { seat: 1, agentId: houseId, place: 1 },
        ],
      },
    },
  });
}

const queueState = (id: string) =>
  db.prisma.agent.findUniqueOrThrow({ where: { id }, select: { inQueue: true, queueReason: true } });

beforeAll(async () => {
  db = await createTestDatabase();
  ownerId = newId(ID_PREFIX.account);
  await db.prisma.account.create({
    data: { id: ownerId, name: 'eviction', apiKeyHash: hashSecret(ownerId), apiKeyPrefix: 'x' },
  });
  houseId = await makeAgent({ inQueue: false, house: true });
}, 60_000);

afterAll(async () => {
  await db?.drop();
});

describe('casual matches', () => {
  it('never evict from the ranked queue; faults in ranked matches do', async () => {
    const victim = await makeAgent({ inQueue: true });
    for (let i = 0; i < 2 * FAULTY_MATCHES_LIMIT; i++) await faultyMatch(victim, false);
    await matchmakerPass(db.prisma, { matchQueue: noJobs, timeoutMs: 1000 });
    expect(await queueState(victim)).toEqual({ inQueue: true, queueReason: null });

    for (let i = 0; i < FAULTY_MATCHES_LIMIT; i++) await faultyMatch(victim, true);
    await matchmakerPass(db.prisma, { matchQueue: noJobs, timeoutMs: 1000 });
    const after = await queueState(victim);
    expect(after.inQueue).toBe(false);
    expect(after.queueReason).toMatch(
      new RegExp(`faults or forfeits in ${FAULTY_MATCHES_LIMIT} of its last ${FAULTY_MATCHES_LIMIT} matches`),
    );
  });

  it('are never rated; ranked matches are', async () => {
    const agent = await makeAgent({ inQueue: false });
    await faultyMatch(agent, false);
    const periodMs = 1000;
    await closeDuePeriods(db.prisma, { periodMs, now: Date.now() + 10 * periodMs });
    expect(
      await db.prisma.rating.findUnique({
        where: { agentId_ruleset: { agentId: agent, ruleset: 'original' } },
      }),
    ).toBeNull();
    const casual = await db.prisma.match.findMany({ where: { ranked: false } });
    expect(casual.every((m) => m.ratingPeriodId === null)).toBe(true);

    await faultyMatch(agent, true);
    await closeDuePeriods(db.prisma, { periodMs, now: Date.now() + 10 * periodMs });
    const rating = await db.prisma.rating.findUniqueOrThrow({
      where: { agentId_ruleset: { agentId: agent, ruleset: 'original' } },
    });
    expect(rating.games).toBe(1);
    expect(rating.rating).toBeLessThan(1500);
  });
});
