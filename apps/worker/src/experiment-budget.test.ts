import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret, ID_PREFIX, newId } from '@coup/db';
import { createTestDatabase } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import { LlmUsageLedger } from '@coup/gateway';
import type { LlmBudgetLimits } from '@coup/gateway';
import { advanceExperiment } from '@coup/competition';

// A prompt experiment queues no further deal while a daily model budget it spends from is spent (its
// owner's, who pays for every call of it, or its model's), and goes on once there is budget again; it stays
// `running` meanwhile. Against a real Postgres, the deals written as advanceExperiment writes them.

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await db?.drop();
});

async function account(): Promise<string> {
  const id = newId(ID_PREFIX.account);
  await db.prisma.account.create({ data: { id, name: id, apiKeyHash: id, apiKeyPrefix: 'x' } });
  return id;
}

async function agent(ownerId: string, o: { house?: boolean; experimentId?: string } = {}) {
  const id = newId(ID_PREFIX.agent);
  await db.prisma.agent.create({
    data: {
      id,
      ownerId,
      name: id,
      transport: o.house ? 'http' : 'llm',
      endpointUrl: o.house ? 'bot:random' : null,
      modelName: o.house ? null : 'm',
      isHouse: o.house ?? false,
      experimentId: o.experimentId ?? null,
      secretHash: hashSecret(id),
      secretEnc: 'unused',
    },
  });
  return id;
}

async function experiment(ownerId: string, house: string) {
  const id = newId(ID_PREFIX.experiment);
  await db.prisma.experiment.create({
    data: {
      id,
      ownerId,
      name: 'x',
      modelName: 'm',
      opponentIds: [house],
      deals: 4,
      seed: 's',
      timeoutMs: 1000,
    },
  });
  const arms: string[] = [];
  for (let index = 0; index < 2; index++) {
    const agentId = await agent(ownerId, { experimentId: id });
    await db.prisma.experimentArm.create({ data: { experimentId: id, index, label: `p${index}`, agentId } });
    arms.push(agentId);
  }
  return { id, arms };
}

const step = (id: string, budget: LlmBudgetLimits) =>
  advanceExperiment(db.prisma, id, { concurrency: 2, enqueue: async () => undefined, budget });

describe('an experiment and the daily model budgets', () => {
  it("queues no deal while its owner's or its model's budget is spent, and goes on when there is budget", async () => {
    const owner = await account();
    const house = await agent(owner, { house: true });
    const e = await experiment(owner, house);
    const ledger = new LlmUsageLedger(db.prisma);
    ledger.add({
      accountId: owner,
      agentId: e.arms[0] as string,
      model: 'm',
      promptTokens: 900,
      completionTokens: 100,
    });
    await ledger.close();

    expect((await step(e.id, { perAccount: 1000, models: [] })).queued).toEqual([]);
    expect(
      (await step(e.id, { perAccount: 0, models: [{ name: 'm', maxTokensPerDay: 1000 }] })).queued,
    ).toEqual([]);
    const row = await db.prisma.experiment.findUniqueOrThrow({ where: { id: e.id } });
    expect(row.status).toBe('running');
    expect(await db.prisma.matchGroup.count({ where: { experimentId: e.id } })).toBe(0);
    // A bigger budget (or the next day): one deal, both prompts.
    const next = await step(e.id, { perAccount: 1001, models: [{ name: 'm', maxTokensPerDay: 1001 }] });
    expect(next.queued).toHaveLength(2);
  });
});
