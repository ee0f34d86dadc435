import type { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret, ID_PREFIX, newId } from '@coup/db';
import { createTestDatabase } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import type { MatchJob } from '@coup/gateway';
import { matchmakerPass } from './matchmaker';

// An llm agent in the ranked queue is matched only while the platform can call its model (LLM_BASE_URL set
// and the model in LLM_MODELS): otherwise every match it was seated in would abort.

let db: TestDatabase;
const noJobs = { add: async () => undefined, addBulk: async () => [] } as unknown as Queue<MatchJob>;

async function makeAgent(transport: 'http' | 'llm', modelName: string | null) {
  const ownerId = newId(ID_PREFIX.account);
  await db.prisma.account.create({
    data: { id: ownerId, name: `o-${ownerId}`, apiKeyHash: hashSecret(ownerId), apiKeyPrefix: 'x' },
  });
  const id = newId(ID_PREFIX.agent);
  await db.prisma.agent.create({
    data: {
      id,
      ownerId,
      name: `a-${id}`,
      transport,
      endpointUrl: transport === 'http' ? 'http://127.0.0.1:9' : null,
      modelName,
      inQueue: true,
      queueJoinedAt: new Date(Date.now() - 10 * 60_000),
      secretHash: hashSecret(id),
      secretEnc: 'unused',
    },
  });
  return id;
}

const seatedAgents = async () =>
  (await db.prisma.matchSeat.findMany({ select: { agentId: true } })).map((s) => s.agentId);

beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await db?.drop();
});

describe('matchmaking llm agents', () => {
  it('seats llm agents whose model is listed, and leaves the others waiting in the queue', async () => {
    const http = await makeAgent('http', null);
    const listed = await makeAgent('llm', 'qwen2.5-7b');
    const delisted = await makeAgent('llm', 'gone-model');
    const config = { seats: 2 };
    await matchmakerPass(db.prisma, {
      matchQueue: noJobs,
      timeoutMs: 1000,
      llmModels: ['qwen2.5-7b'],
      config,
    });
    const seated = await seatedAgents();
    expect(seated.sort()).toEqual([http, listed].sort());
    expect(seated).not.toContain(delisted);
    // Without LLM_BASE_URL no llm agent is playable.
    await db.prisma.match.deleteMany({});
    await matchmakerPass(db.prisma, { matchQueue: noJobs, timeoutMs: 1000, llmModels: [], config });
    expect(await seatedAgents()).toEqual([]);
  });
});
