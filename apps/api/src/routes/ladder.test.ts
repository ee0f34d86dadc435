import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { LeaderboardQuery, LeaderboardRepository, LeaderboardRow } from '../repositories/leaderboard';
import { standInApp } from '../testing/stand-in-app';
import { ladderRoutes } from './ladder';

// The leaderboard route over a stand-in repository: what it asks for, and how it ranks, pages and shows
// the rows it gets (the SQL itself is covered against Postgres by apps/start/src/ladder.test.ts).

const row = (n: number, rating: number, rd: number, games = 10, wins = 4): LeaderboardRow => ({
  agentId: `ag_${n}`,
  name: `bot-${n}`,
  isHouse: n === 1,
  modelName: n === 2 ? 'some-model' : null,
  ownerId: `acc_${n}`,
  ownerName: `owner-${n}`,
  rating,
  rd,
  games,
  wins,
  liveAsOf: null,
});

const asked: LeaderboardQuery[] = [];
let rows: LeaderboardRow[] = [];
let total = 0;
const standIn: LeaderboardRepository = {
  async page(q) {
    asked.push(q);
    return { rows, total };
  },
};

let app: FastifyInstance;
beforeAll(async () => {
  app = await standInApp(ladderRoutes, { leaderboard: standIn });
});
afterAll(() => app?.close());

const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
};

describe('GET /v1/leaderboard', () => {
  it('ranks the page from offset + 1, with the conservative rating, provisional and live flags and win rate', async () => {
    rows = [{ ...row(1, 1700, 60), liveAsOf: new Date('2026-11-27T10:00:00.000Z') }, row(2, 1650, 150, 0, 0)];
    total = 7;
    const { status, body } = await get('/v1/leaderboard?limit=2&offset=3');
    expect(status).toBe(200);
    expect(asked.at(-1)).toEqual({ limit: 2, offset: 3, establishedOnly: false, ruleset: 'original' });
    expect(body).toMatchObject({
      orderedBy: 'conservative_rating',
      ruleset: 'original',
      total: 7,
      nextOffset: 5,
    });
    expect(body.items).toEqual([
      {
        rank: 4,
        agent: { id: 'ag_1', name: 'bot-1', isHouse: true, modelName: null },
        owner: { id: 'acc_1', name: 'owner-1' },
        rating: 1700,
        rd: 60,
        conservative: 1580,
        games: 10,
        wins: 4,
        winRate: 0.4,
        provisional: false,
        live: true,
        asOf: '2026-11-27T10:00:00.000Z',
      },
      {
        rank: 5,
        agent: { id: 'ag_2', name: 'bot-2', isHouse: false, modelName: 'some-model' },
        owner: { id: 'acc_2', name: 'owner-2' },
        rating: 1650,
        rd: 150,
        conservative: 1350,
        games: 0,
        wins: 0,
        winRate: null,
        provisional: true,
        live: false,
        asOf: null,
      },
    ]);
  });

  it('asks for established ratings only with ?established=true, and ends the pages at the total', async () => {
    rows = [row(3, 1500, 80)];
    total = 1;
    const { status, body } = await get('/v1/leaderboard?established=true');
    expect(status).toBe(200);
    expect(asked.at(-1)).toEqual({ limit: 50, offset: 0, establishedOnly: true, ruleset: 'original' });
    expect(body.nextOffset).toBeNull();
  });

  it("reads one ruleset's ladder with ?ruleset=, and refuses an unknown ruleset with 400 naming the known ones", async () => {
    rows = [row(4, 1520, 90)];
    total = 1;
    const { status, body } = await get('/v1/leaderboard?ruleset=inquisitors');
    expect(status).toBe(200);
    expect(asked.at(-1)).toEqual({ limit: 50, offset: 0, establishedOnly: false, ruleset: 'inquisitors' });
    expect(body.ruleset).toBe('inquisitors');
    const before = asked.length;
    const bad = await get('/v1/leaderboard?ruleset=reformation');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
    expect(bad.body.error.message).toMatch(
      /unknown ruleset "reformation": this platform plays original, inquisitors/,
    );
    expect(asked.length).toBe(before);
  });

  it('refuses a bad query with 400 validation_failed, without asking the repository', async () => {
    const before = asked.length;
    const { status, body } = await get('/v1/leaderboard?limit=0x10');
    expect(status).toBe(400);
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.message).toMatch(/^querystring\.limit/);
    expect(asked.length).toBe(before);
  });
});

describe('the ladder routes without a key', () => {
  it('answer 401 to the queue and the rating check', async () => {
    for (const [method, url] of [
      ['POST', '/v1/agents/ag_1/queue'],
      ['POST', '/v1/admin/ratings/check'],
    ] as const) {
      const res = await app.inject({ method, url });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('unauthorized');
    }
  });
});
