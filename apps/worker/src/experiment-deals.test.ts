import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret, ID_PREFIX, newId } from '@coup/db';
import { createTestDatabase } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import { advanceAfterMatch, advanceExperiment, advanceExperiments } from '@coup/competition';
import type { AdvanceOptions } from '@coup/competition';

// How a prompt experiment's deals are queued (@coup/competition advanceExperiment, run by the match worker
// after each match and by the ladder's `experiments` job), against a real Postgres: the matches are
// "played" by writing their status, so every step and race is checked exactly.

let db: TestDatabase;
let ownerId: string;
let house: string;

beforeAll(async () => {
  db = await createTestDatabase();
  ownerId = newId(ID_PREFIX.account);
  await db.prisma.account.create({
    data: { id: ownerId, name: ownerId, apiKeyHash: ownerId, apiKeyPrefix: 'x' },
  });
  house = await makeAgent({ house: true });
});

afterAll(async () => {
  await db?.drop();
});

async function makeAgent(o: { house?: boolean; experimentId?: string } = {}): Promise<string> {
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

/** An experiment of `prompts` arms against the house agent (heads-up). */
async function makeExperiment(prompts: number, deals: number): Promise<{ id: string; arms: string[] }> {
  const id = newId(ID_PREFIX.experiment);
  await db.prisma.experiment.create({
    data: {
      id,
      ownerId,
      name: 'x',
      modelName: 'm',
      opponentIds: [house],
      deals,
      seed: 'exp',
      timeoutMs: 1000,
    },
  });
  const arms: string[] = [];
  for (let index = 0; index < prompts; index++) {
    const agentId = await makeAgent({ experimentId: id });
    await db.prisma.experimentArm.create({ data: { experimentId: id, index, label: `p${index}`, agentId } });
    arms.push(agentId);
  }
  return { id, arms };
}

function options(concurrency: number) {
  const queued: string[] = [];
  const o: AdvanceOptions = { concurrency, enqueue: async (id) => void queued.push(id) };
  return { o, queued };
}

const activeOf = (experimentId: string) =>
  db.prisma.match.findMany({
    where: { group: { experimentId }, status: { in: ['queued', 'running'] } },
    select: { id: true },
  });

const finish = (ids: readonly string[]) =>
  db.prisma.match.updateMany({ where: { id: { in: [...ids] } }, data: { status: 'finished' } });

describe('experiment deals', () => {
  it('queues whole deals up to EXPERIMENT_CONCURRENCY matches, the next as matches end, then finishes', async () => {
    const e = await makeExperiment(2, 3);
    const { o, queued } = options(4);
    expect((await advanceExperiment(db.prisma, e.id, o)).queued).toHaveLength(4);
    // Full: nothing more until a match ends.
    expect((await advanceExperiment(db.prisma, e.id, o)).queued).toEqual([]);
    const groups = await db.prisma.matchGroup.findMany({
      where: { experimentId: e.id },
      orderBy: { deal: 'asc' },
      include: { matches: { include: { seats: { orderBy: { seat: 'asc' } } } } },
    });
    expect(groups.map((g) => g.deal)).toEqual([0, 1]);
    for (const g of groups) {
      expect(g.seed).toBe(`exp:${g.deal}`);
      // One match per prompt, all on the group's seed, the prompt at seat (deal mod 2), the house across.
      expect(g.matches.map((m) => m.seed)).toEqual([g.seed, g.seed]);
      const seats = g.matches.map((m) => m.seats.map((s) => s.agentId)).sort();
      const expected = e.arms.map((a) => (g.deal === 0 ? [a, house] : [house, a])).sort();
      expect(seats).toEqual(expected);
      expect(g.matches.every((m) => m.seatRotation === g.deal && !m.ranked)).toBe(true);
    }
    // One match of deal 0 ends: still 3 active, no room for a whole deal (2).
    await finish([queued[0]!]);
    expect((await advanceAfterMatch(db.prisma, queued[0]!, o))?.queued).toEqual([]);
    await finish([queued[1]!]);
    const third = await advanceAfterMatch(db.prisma, queued[1]!, o);
    expect(third?.queued).toHaveLength(2);
    expect(await db.prisma.matchGroup.count({ where: { experimentId: e.id } })).toBe(3);
    // Every deal queued; the experiment finishes when its last match ends (aborted ones count as ended).
    await finish(queued.slice(2, 5));
    expect((await advanceExperiment(db.prisma, e.id, o)).finished).toBe(false);
    await db.prisma.match.update({ where: { id: queued[5]! }, data: { status: 'aborted' } });
    expect((await advanceExperiment(db.prisma, e.id, o)).finished).toBe(true);
    const done = await db.prisma.experiment.findUniqueOrThrow({ where: { id: e.id } });
    expect(done.status).toBe('finished');
    expect(done.finishedAt).not.toBeNull();
    expect((await advanceExperiment(db.prisma, e.id, o)).queued).toEqual([]);
  });

  it('queues at least one whole deal whatever the setting, and never a deal twice under races', async () => {
    const e = await makeExperiment(3, 4);
    const { o, queued } = options(1);
    expect((await advanceExperiment(db.prisma, e.id, o)).queued).toHaveLength(3);
    await finish(queued);
    // Several workers at once (the match worker's hook and the ladder job): one deal, once.
    await Promise.all([
      advanceExperiment(db.prisma, e.id, o),
      advanceExperiment(db.prisma, e.id, o),
      advanceExperiments(db.prisma, o),
    ]);
    expect(queued).toHaveLength(6);
    expect(new Set(queued).size).toBe(6);
    expect(await activeOf(e.id)).toHaveLength(3);
    expect(await db.prisma.matchGroup.count({ where: { experimentId: e.id } })).toBe(2);
  });

  it('leaves matches outside experiments alone', async () => {
    const { o } = options(4);
    expect(await advanceAfterMatch(db.prisma, 'mt_unknown', o)).toBeNull();
  });
});
