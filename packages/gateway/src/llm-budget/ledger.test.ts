import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret, ID_PREFIX, newId } from '@coup/db';
import { createTestDatabase } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import { budgetRefusal, spentBudgets } from './budget';
import { budgetResetsAt, usageDay } from './day';
import { LlmUsageLedger } from './ledger';

// The model-token ledger against a real Postgres: answers arriving together are summed into one row per UTC
// day, paying account, agent and model; a row that cannot be written is dropped without blocking the rest;
// and the daily budgets read from it (per account, and per model for the whole platform).

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await db?.drop();
});

async function account() {
  const id = newId(ID_PREFIX.account);
  await db.prisma.account.create({
    data: { id, name: `a-${id}`, apiKeyHash: hashSecret(id), apiKeyPrefix: 'x' },
  });
  return id;
}

async function llmAgent(ownerId: string) {
  const id = newId(ID_PREFIX.agent);
  await db.prisma.agent.create({
    data: {
      id,
      ownerId,
      name: `g-${id}`,
      transport: 'llm',
      modelName: 'm',
      secretHash: hashSecret(id),
      secretEnc: 'unused',
    },
  });
  return id;
}

const rows = (accountId: string) =>
  db.prisma.llmTokenUsage.findMany({ where: { accountId }, orderBy: [{ day: 'asc' }, { model: 'asc' }] });

describe('LlmUsageLedger', () => {
  it('sums answers that arrive together into one row per day, account, agent and model', async () => {
    const payer = await account();
    const agent = await llmAgent(payer);
    let now = new Date('2026-11-24T23:59:59.500Z');
    const ledger = new LlmUsageLedger(db.prisma, { now: () => now });
    for (let i = 0; i < 50; i++) {
      ledger.add({ accountId: payer, agentId: agent, model: 'm', promptTokens: 100, completionTokens: 7 });
    }
    ledger.add({ accountId: payer, agentId: agent, model: 'n', promptTokens: 1, completionTokens: 1 });
    // No usage reported: nothing to count.
    ledger.add({ accountId: payer, agentId: agent, model: 'm', promptTokens: 0, completionTokens: 0 });
    await ledger.flush();
    // Past midnight UTC: a new day's row.
    now = new Date('2026-11-25T00:00:00.100Z');
    ledger.add({ accountId: payer, agentId: agent, model: 'm', promptTokens: 10, completionTokens: 2 });
    await ledger.close();
    const got = (await rows(payer)).map((r) => [
      usageDay(r.day),
      r.model,
      Number(r.promptTokens),
      Number(r.completionTokens),
      r.calls,
    ]);
    expect(got).toEqual([
      ['2026-11-24', 'm', 5000, 350, 50],
      ['2026-11-24', 'n', 1, 1, 1],
      ['2026-11-25', 'm', 10, 2, 1],
    ]);
  });

  it('drops a row that cannot be written (an unknown agent) and writes the others', async () => {
    const payer = await account();
    const agent = await llmAgent(payer);
    const errors: boolean[] = [];
    const ledger = new LlmUsageLedger(db.prisma, { onError: (_err, kept) => errors.push(kept) });
    ledger.add({ accountId: payer, agentId: 'ag_gone', model: 'm', promptTokens: 5, completionTokens: 5 });
    await ledger.flush();
    ledger.add({ accountId: payer, agentId: agent, model: 'm', promptTokens: 3, completionTokens: 4 });
    await ledger.close();
    expect(errors).toEqual([false]);
    expect((await rows(payer)).map((r) => [r.agentId, Number(r.promptTokens)])).toEqual([[agent, 3]]);
  });
});

describe('daily budgets', () => {
  it("refuses once an account's or a model's tokens today reach the limit, and says when it resets", async () => {
    const rich = await account();
    const poor = await account();
    const now = new Date();
    const ledger = new LlmUsageLedger(db.prisma);
    ledger.add({
      accountId: poor,
      agentId: await llmAgent(poor),
      model: 'pricey',
      promptTokens: 900,
      completionTokens: 100,
    });
    ledger.add({
      accountId: rich,
      agentId: await llmAgent(rich),
      model: 'cheap',
      promptTokens: 10,
      completionTokens: 10,
    });
    await ledger.close();
    const limits = {
      perAccount: 1000,
      models: [{ name: 'pricey', maxTokensPerDay: 1500 }, { name: 'cheap' }],
    };
    const resetsAt = budgetResetsAt(now).toISOString();
    const spent = await spentBudgets(db.prisma, [rich, poor], ['pricey', 'cheap'], limits, now);
    expect([...spent.accounts.values()]).toEqual([
      { scope: 'account', accountId: poor, used: 1000, limit: 1000, resetsAt },
    ]);
    expect(spent.models.size).toBe(0);
    const llm = (ownerId: string, modelName: string) => ({ ownerId, transport: 'llm', modelName });
    // The payer, or an llm seat's owner: either one spent refuses.
    expect(
      await budgetRefusal(db.prisma, { payerId: poor, agents: [llm(rich, 'cheap')] }, limits, now),
    ).toMatchObject({ scope: 'account', accountId: poor });
    expect(
      await budgetRefusal(db.prisma, { payerId: rich, agents: [llm(poor, 'cheap')] }, limits, now),
    ).toMatchObject({ scope: 'account', accountId: poor });
    expect(
      await budgetRefusal(db.prisma, { payerId: rich, agents: [llm(rich, 'cheap')] }, limits, now),
    ).toBeNull();
    // No llm seat: nothing to spend, never refused.
    expect(
      await budgetRefusal(
        db.prisma,
        { payerId: poor, agents: [{ ownerId: poor, transport: 'http', modelName: null }] },
        limits,
        now,
      ),
    ).toBeNull();
    // The model's platform-wide budget, whoever spent it.
    const tight = { perAccount: 0, models: [{ name: 'pricey', maxTokensPerDay: 1000 }] };
    expect(
      await budgetRefusal(db.prisma, { payerId: rich, agents: [llm(rich, 'pricey')] }, tight, now),
    ).toEqual({ scope: 'model', model: 'pricey', used: 1000, limit: 1000, resetsAt });
    // perAccount 0: no account budget at all.
    expect(
      await budgetRefusal(db.prisma, { payerId: poor, agents: [llm(poor, 'cheap')] }, tight, now),
    ).toBeNull();
    // Tomorrow, the same rows count for nothing.
    const tomorrow = new Date(budgetResetsAt(now).getTime() + 1000);
    expect(
      await budgetRefusal(db.prisma, { payerId: poor, agents: [llm(poor, 'pricey')] }, limits, tomorrow),
    ).toBeNull();
  });
});
