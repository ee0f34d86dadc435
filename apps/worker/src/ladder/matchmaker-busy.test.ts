import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret, ID_PREFIX, newId } from '@coup/db';
import { seedCommitment } from '@coup/protocol';
import { createTestDatabase } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import type { MatchJob } from '@coup/gateway';
import { matchmakerPass } from './matchmaker';

// An agent that is not a house agent plays one ranked match at a time: while a match of its is queued or
// running (read from matches_active), the matchmaker leaves it out; once that match ends, it is seated again.

let db: TestDatabase;
let ownerId: string;
const noJobs = { add: async () => undefined, addBulk: async () => [] } as unknown as Queue<MatchJob>;

async function queuedAgent(): Promise<string> {
  const id = newId(ID_PREFIX.agent);
  // One owner per agent: the matchmaker never seats two agents of one owner at a table.
  const owner = newId(ID_PREFIX.account);
  await db.prisma.account.create({
    data: { id: owner, name: owner, apiKeyHash: hashSecret(owner), apiKeyPrefix: 'x' },
  });
  await db.prisma.agent.create({
    data: {
      id,
      ownerId: owner,
      name: `busy-${id}`,
      transport: 'http',
      endpointUrl: 'http://127.0.0.1:9',
      inQueue: true,
      queueJoinedAt: new Date(Date.now() - 60_000),
      secretHash: hashSecret(id),
      secretEnc: 'unused',
    },
  });
  return id;
}

/** A ranked match of `agentIds` in `status`, made by hand (not by the matchmaker). */
async function matchOf(agentIds: string[], status: 'queued' | 'running') {
  const id = newId(ID_PREFIX.match);
  await db.prisma.match.create({
    data: {
      id,
      ranked: true,
      status,
      seed: id,
      seedCommitment: seedCommitment(id),
      timeoutMs: 100,
      createdById: ownerId,
      seats: { create: agentIds.map((agentId, seat) => ({ seat, agentId })) },
    },
  });
  return id;
}

const seatedIn = async (matchIds: string[]) =>
  (await db.prisma.matchSeat.findMany({ where: { matchId: { in: matchIds } }, select: { agentId: true } }))
    .map((s) => s.agentId)
    .sort();

beforeAll(async () => {
  db = await createTestDatabase();
  ownerId = newId(ID_PREFIX.account);
  await db.prisma.account.create({
    data: { id: ownerId, name: 'busy', apiKeyHash: hashSecret(ownerId), apiKeyPrefix: 'x' },
  });
}, 60_000);
afterAll(() => db?.drop());

describe('the matchmaker and agents already playing', () => {
  it('leaves out an agent with a queued or running match, and seats it once that match has ended', async () => {
    const [a, b, c, d] = [await queuedAgent(), await queuedAgent(), await queuedAgent(), await queuedAgent()];
    const other = await queuedAgent();
    const playing = await matchOf([a, other], 'running');
    const waiting = await matchOf([b, other], 'queued');
    await db.prisma.agent.update({ where: { id: other }, data: { inQueue: false } });

    const first = await matchmakerPass(db.prisma, { matchQueue: noJobs, timeoutMs: 1000 });
    expect(await seatedIn(first)).toEqual([c, d].sort());

    await db.prisma.match.update({
      where: { id: playing },
      data: { status: 'finished', finishedAt: new Date() },
    });
    await db.prisma.match.update({
      where: { id: waiting },
      data: { status: 'aborted', finishedAt: new Date(), abortReason: 'test' },
    });
    await db.prisma.match.updateMany({
      where: { id: { in: first } },
      data: { status: 'finished', finishedAt: new Date() },
    });
    const second = await matchmakerPass(db.prisma, { matchQueue: noJobs, timeoutMs: 1000 });
    expect(await seatedIn(second)).toEqual(expect.arrayContaining([a, b]));
  });
});
