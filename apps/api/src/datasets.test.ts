import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedGame, humanBaselines } from '@coup/archive';
import type { DecodedGame } from '@coup/archive';
import { gameBuilder, gameOf, hand, out, randomGame } from '@coup/archive/testing';
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
let gaps: string;
const games: DecodedGame[] = [];

// A game as the archive's decoder leaves it after a person left: seat 1's id lost, and a foreign-aid block
// whose blocker it does not name.
const s0 = [hand(2, 'duke', 'captain'), hand(2, 'contessa', 'assassin'), hand(2, 'captain', 'ambassador')];
const gapped = gameOf(
  [
    { type: 'START_OF_TURN', whoseTurn: 0, playerStates: s0 },
    { type: 'ACTION', action: 'foreign-aid' },
    { type: 'BLOCK', blockingPlayer: -1, blockingRole: 'duke' },
    { type: 'START_OF_TURN', whoseTurn: 1, playerStates: s0 },
    { type: 'PLAYER_LEFT', player: 1 },
    { type: 'START_OF_TURN', whoseTurn: 2, playerStates: [s0[0]!, out(s0[1]!), s0[2]!] },
    { type: 'PLAYER_LEFT', player: 0 },
    { type: 'GAME_OVER', playerStates: [out(s0[0]!), out(s0[1]!), s0[2]!] },
  ],
  { playerIds: ['alice', null, 'ai'] },
);

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
      g.gameType === 'inquisitors'
        ? 'not_replayed'
        : i === 5
          ? 'disagreed'
          : i === 9 || i === 10
            ? 'rules_differ'
            : 'agreed',
    replayDifferences: (_, i) =>
      i === 9
        ? ['assassination_refund', 'action_after_game_over']
        : i === 10
          ? ['action_after_game_over']
          : [],
    warnings: ['games.json.gz: 12 bytes after the end of the gzip data were ignored'],
  });
  gaps = await insertHumanDataset(prisma, { name: 'gaps', games: [gapped] });
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
    expect(res.body.items.map((d) => d.id)).toEqual([gaps, ready, older]);
    const d = res.body.items[1]!;
    expect(d).toMatchObject({ kind: 'human', name: 'treason', status: 'ready', gamesCount: 25, badCount: 3 });
    expect(d.replayCheck).toEqual({
      replayed: 19,
      agreed: 16,
      rulesDiffer: 2,
      disagreed: 1,
      differences: { assassination_refund: 1, action_after_game_over: 2 },
      reasons: { coins_differ: 1 },
    });
    expect(d.warnings).toEqual(['games.json.gz: 12 bytes after the end of the gzip data were ignored']);
    expect(d.links.games).toMatch(new RegExp(`/v1/datasets/${ready}/games$`));
    const first = await h.api<PageOf<Dataset>>('GET', '/v1/datasets?limit=2');
    expect(first.body.items.map((x) => x.id)).toEqual([gaps, ready]);
    const next = await h.api<PageOf<Dataset>>('GET', `/v1/datasets?limit=2&cursor=${first.body.nextCursor}`);
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
    // The known differences of rules met by the re-play, most games first, said in words.
    expect((res.body as DatasetDetailOut).ruleDifferences).toEqual([
      { name: 'action_after_game_over', games: 2, description: expect.stringMatching(/resolves the action/) },
      { name: 'assassination_refund', games: 1, description: expect.stringMatching(/refunds the 3 coins/) },
    ]);
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
    expect(res.body.replayCheck).toEqual({
      replayed: 1,
      agreed: 1,
      rulesDiffer: 0,
      disagreed: 0,
      differences: {},
      reasons: {},
    });
    expect(res.body.ruleDifferences).toEqual([]);
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
    const differ = await h.api<PageOf<Row>>('GET', `/v1/datasets/${ready}/games?replayStatus=rules_differ`);
    expect(differ.body.items.map((g) => g.ordinal)).toEqual([10, 11]);
  });

  it('says what the limit is when a page asks for more', async () => {
    const res = await h.api<{ error: { code: string; message: string } }>(
      'GET',
      `/v1/datasets/${ready}/games?limit=101`,
    );
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed' });
    expect(res.body.error.message).toBe('querystring.limit: expected a whole number from 1 to 100');
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

  it('names the known differences of rules a game shows', async () => {
    const res = await h.api<HumanGame>('GET', `/v1/datasets/${ready}/games/10`);
    expect(res.body.replayStatus).toBe('rules_differ');
    expect(res.body.replayDifferences.map((d) => d.name)).toEqual([
      'assassination_refund',
      'action_after_game_over',
    ]);
    expect(res.body.replayDifferences[0]!.description).toMatch(/since mid-2017/);
  });

  it('shows a seat whose id the record lost as unknown, and a blocker it does not name as null', async () => {
    const res = await h.api<HumanGame>('GET', `/v1/datasets/${gaps}/games/1`);
    expect(res.status, res.text).toBe(200);
    expect(HumanGameOut.parse(res.body)).toBeTruthy();
    expect(res.body.players).toEqual([
      { seat: 0, id: 'alice', human: true },
      { seat: 1, id: null, human: null },
      { seat: 2, id: 'ai', human: false },
    ]);
    expect(res.body.events[2]).toEqual({ type: 'BLOCK', blockingPlayer: -1, blockingRole: 'duke' });
    expect(res.body.timeline.turns[0]!.block).toEqual({ player: null, role: 'duke', bluff: null });
    expect(res.body.timeline.turns[1]).toMatchObject({ action: null, left: [1], outcome: 'none' });
    const rows = await h.api<PageOf<Row>>('GET', `/v1/datasets/${gaps}/games`);
    expect(rows.body.items[0]).toMatchObject({ humans: 1, turns: 3 });
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
