import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedGame, humanBaselines } from '@coup/archive';
import type { DecodedGame } from '@coup/archive';
import { gameBuilder, randomGame } from '@coup/archive/testing';
import { DatasetDetail, DatasetOut, HumanGameOut, HumanGameRow, Page } from '@coup/api-contract';
import type {
  Dataset,
  DatasetDetail as DatasetDetailOut,
  HumanGame,
  HumanGameRow as Row,
  Page as PageOf,
} from '@coup/api-contract/types';
import { startHarness } from './testing/harness';
import type { Harness } from './testing/harness';
import { insertHumanDataset } from './testing/datasets';

// Human datasets browsed through the API: public, read-only, only ready datasets, games paged by ordinal
// and decoded on read.

let h: Harness;
let ready: string;
let older: string;
let importing: string;
const games: DecodedGame[] = [];

const known = gameBuilder([
  { id: 'alice', cards: ['duke', 'captain'] },
  { id: 'ai', cards: ['assassin', 'contessa'] },
])
  .turn(0, 'tax')
  .turn(1, 'steal', { target: 0, challenge: { by: 0, success: true } })
  .turn(0, 'foreign-aid', { block: { by: 1, role: 'duke', challenge: { success: true } } })
  .end();

beforeAll(async () => {
  h = await startHarness({ worker: false });
  games.push(decodedGame.parse(known));
  for (let i = 0; i < 24; i++) {
    games.push(
      randomGame(1000 + i, {
        playerCount: 2 + (i % 5),
        gameType: i % 4 === 3 ? 'inquisitors' : 'original',
        aiSeats: i % 2 ? [0] : [],
        gameId: `g${i}`,
      }),
    );
  }
  const prisma = h.platform.runtime.prisma;
  older = await insertHumanDataset(prisma, {
    name: 'older',
    games: games.slice(0, 2),
    createdAt: new Date(Date.now() - 60_000),
  });
  ready = await insertHumanDataset(prisma, {
    name: 'treason',
    games,
    badReasons: { unknown_action: 2, truncated: 1 },
    replayStatus: (g, i) =>
      g.gameType === 'inquisitors' ? 'not_replayed' : i === 5 ? 'disagreed' : 'agreed',
  });
  importing = await insertHumanDataset(prisma, {
    name: 'half',
    games: games.slice(0, 1),
    status: 'importing',
  });
});

afterAll(async () => {
  await h?.stop();
});

describe('GET /v1/datasets', () => {
  it('lists ready datasets newest first, marked human, without a key', async () => {
    const res = await h.api<PageOf<Dataset>>('GET', '/v1/datasets');
    expect(res.status, res.text).toBe(200);
    expect(Page(DatasetOut).parse(res.body)).toBeTruthy();
    expect(res.body.items.map((d) => d.id)).toEqual([ready, older]);
    const d = res.body.items[0]!;
    expect(d).toMatchObject({ kind: 'human', name: 'treason', status: 'ready', gamesCount: 25, badCount: 3 });
    expect(d.replayCheck).toEqual({ replayed: 19, agreed: 18, disagreed: 1, reasons: { coins_differ: 1 } });
    expect(d.links.games).toMatch(new RegExp(`/v1/datasets/${ready}/games$`));
    const first = await h.api<PageOf<Dataset>>('GET', '/v1/datasets?limit=1');
    expect(first.body.items.map((x) => x.id)).toEqual([ready]);
    const next = await h.api<PageOf<Dataset>>('GET', `/v1/datasets?limit=1&cursor=${first.body.nextCursor}`);
    expect(next.body.items.map((x) => x.id)).toEqual([older]);
    expect(next.body.nextCursor).toBeNull();
  });

  it('refuses bad query values with 400', async () => {
    for (const q of ['limit=0', 'limit=abc', 'cursor=nope', 'other=1']) {
      const res = await h.api<{ error: { code: string } }>('GET', `/v1/datasets?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });
});

describe('GET /v1/datasets/:id', () => {
  it('gives counts, bad reasons, the replay check and baselines', async () => {
    const res = await h.api<{ baselines: unknown; badReasons: unknown }>('GET', `/v1/datasets/${ready}`);
    expect(res.status, res.text).toBe(200);
    expect(DatasetDetail.parse(res.body)).toBeTruthy();
    expect(res.body.badReasons).toEqual({ unknown_action: 2, truncated: 1 });
    const b = humanBaselines.parse(res.body.baselines);
    expect(b.games).toBe(25);
    expect(b.byGameType.original.games + b.byGameType.inquisitors.games).toBe(25);
  });

  it('shows stored JSON that does not fit the contract as null, never a 500', async () => {
    const prisma = h.platform.runtime.prisma;
    const id = await insertHumanDataset(prisma, { name: 'odd', games: games.slice(0, 1) });
    await prisma.humanDataset.update({
      where: { id },
      data: {
        replayCheck: { replayed: 1, agreed: 1, disagreed: 0 },
        baselines: { bogus: true },
        badReasons: [],
      },
    });
    const res = await h.api<DatasetDetailOut>('GET', `/v1/datasets/${id}`);
    expect(res.status, res.text).toBe(200);
    expect(res.body.replayCheck).toEqual({ replayed: 1, agreed: 1, disagreed: 0, reasons: {} });
    expect(res.body.baselines).toBeNull();
    expect(res.body.badReasons).toEqual({});
    await prisma.humanDataset.delete({ where: { id } });
  });

  it('is a 404 with the error shape for unknown and unfinished datasets, 400 for a bad id', async () => {
    for (const id of ['hds_doesnotexist', importing]) {
      const res = await h.api<{ error: { code: string } }>('GET', `/v1/datasets/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
      const games = await h.api('GET', `/v1/datasets/${id}/games`);
      expect(games.status).toBe(404);
    }
    expect((await h.api('GET', '/v1/datasets/mt_abc')).status).toBe(400);
    const list = await h.api<PageOf<Dataset>>('GET', '/v1/datasets');
    expect(list.body.items.map((d) => d.id)).not.toContain(importing);
  });
});

describe('GET /v1/datasets/:id/games', () => {
  it('pages by ordinal in file order', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `&cursor=${cursor}` : '';
      const res: { status: number; body: PageOf<Row> } = await h.api<PageOf<Row>>(
        'GET',
        `/v1/datasets/${ready}/games?limit=7${q}`,
      );
      expect(res.status).toBe(200);
      expect(Page(HumanGameRow).parse(res.body)).toBeTruthy();
      seen.push(...res.body.items.map((g) => g.ordinal));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(games.map((_, i) => i + 1));
  });

  it('gives each row its counts', async () => {
    const res = await h.api<PageOf<Row>>('GET', `/v1/datasets/${ready}/games?limit=2`);
    expect(res.body.items[0]).toEqual({
      ordinal: 1,
      gameId: '1',
      gameType: 'original',
      playerCount: 2,
      winner: 0,
      humans: 1,
      turns: 3,
      replayStatus: 'agreed',
    });
    expect(res.body.items[1]).toMatchObject({ gameId: 'g0', humans: 2 });
  });

  it('filters by game type, player count and replay status', async () => {
    const byType = await h.api<PageOf<Row>>(
      'GET',
      `/v1/datasets/${ready}/games?gameType=inquisitors&limit=100`,
    );
    const want = games.flatMap((g, i) => (g.gameType === 'inquisitors' ? [i + 1] : []));
    expect(byType.body.items.map((g) => g.ordinal)).toEqual(want);
    const byCount = await h.api<PageOf<Row>>('GET', `/v1/datasets/${ready}/games?playerCount=3&limit=100`);
    expect(byCount.body.items.length).toBeGreaterThan(0);
    expect(byCount.body.items.every((g) => g.playerCount === 3)).toBe(true);
    const dis = await h.api<PageOf<Row>>('GET', `/v1/datasets/${ready}/games?replayStatus=disagreed`);
    expect(dis.body.items.map((g) => g.ordinal)).toEqual([6]);
  });

  it('refuses bad filters with 400', async () => {
    for (const q of [
      'gameType=reformation',
      'playerCount=7',
      'playerCount=1',
      'replayStatus=maybe',
      'cursor=x',
    ]) {
      const res = await h.api('GET', `/v1/datasets/${ready}/games?${q}`);
      expect(res.status, q).toBe(400);
    }
  });
});

describe('GET /v1/datasets/:id/games/:ordinal', () => {
  it('gives the decoded game, marked human, with its timeline', async () => {
    const res = await h.api<HumanGame>('GET', `/v1/datasets/${ready}/games/1`);
    expect(res.status, res.text).toBe(200);
    expect(HumanGameOut.parse(res.body)).toBeTruthy();
    expect(res.body.kind).toBe('human');
    expect(res.body.events).toEqual(known.events);
    expect(res.body.players).toEqual([
      { seat: 0, id: 'alice', human: true },
      { seat: 1, id: 'ai', human: false },
    ]);
    expect(res.body.timeline.turns.map((t) => t.outcome)).toEqual(['resolved', 'cancelled', 'resolved']);
    expect(res.body.timeline.turns[2]!.block).toEqual({ player: 1, role: 'duke', bluff: true });
    expect(res.body.final).toEqual(res.body.timeline.final);
  });

  it('every game reads back as stored', async () => {
    for (let i = 0; i < games.length; i++) {
      const res = await h.api<HumanGame>('GET', `/v1/datasets/${ready}/games/${i + 1}`);
      expect(res.status).toBe(200);
      expect(res.body.events).toEqual(games[i]!.events);
      expect(res.body.gameType).toBe(games[i]!.gameType);
    }
  });

  it('404 for an unknown ordinal, 400 for a bad one', async () => {
    const res = await h.api<{ error: { code: string } }>('GET', `/v1/datasets/${ready}/games/999`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    for (const o of ['0', 'x', '1.5', '-1']) {
      expect((await h.api('GET', `/v1/datasets/${ready}/games/${o}`)).status, o).toBe(400);
    }
  });
});
