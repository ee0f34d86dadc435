import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkGame, unpackEvents } from '@coup/archive';
import { TreasonExport } from '@coup/api-contract';
import { runCli, tempDir } from '@coup/cli/testing';
import { startHarness } from '../testing/harness';
import type { Harness } from '../testing/harness';

// Issue 13's round trip, end to end: a match played by the platform is exported in the public human games
// archive's format (the API's ?format=treason, then `coup replay export`), the file is imported with
// `coup dataset import`, and the dataset holds the same game.

let h: Harness;
let dir: Awaited<ReturnType<typeof tempDir>>;
let matchId: string;

beforeAll(async () => {
  [h, dir] = await Promise.all([startHarness(), tempDir()]);
  const owner = await h.createAccount();
  const agents = await Promise.all(['heuristic', 'random', 'honest'].map((k) => h.houseAgent(k)));
  matchId = await h.queueMatch(owner.key, agents);
  expect((await h.waitForMatch(matchId, 60_000)).status).toBe('finished');
}, 90_000);

afterAll(async () => {
  await h?.stop();
  await dir?.remove();
});

describe('a match in the treason format', () => {
  it('is served by the API as a valid archive game, decoded and compact', async () => {
    const res = await h.api('GET', `/v1/matches/${matchId}/replay?format=treason`);
    expect(res.status, res.text).toBe(200);
    const out = TreasonExport.parse(res.body);
    expect(out.decoded).toMatchObject({ gameId: matchId, gameType: 'original', playerCount: 3 });
    expect(checkGame(out.decoded)).toEqual({ ok: true });
    expect(out.compact).toEqual({ ...out.decoded, events: expect.any(String) });

    expect((await h.api('GET', `/v1/matches/${matchId}/replay?format=treason&seat=0`)).status).toBe(400);
    expect((await h.api('GET', `/v1/matches/${matchId}/replay?format=pgn`)).status).toBe(400);
  });

  it('exports with the CLI, imports with the CLI, and reads back the same game', async () => {
    const decoded = TreasonExport.parse(
      (await h.api('GET', `/v1/matches/${matchId}/replay?format=treason`)).body,
    ).decoded;
    const file = join(dir.path, 'export.json');
    const exported = await runCli(
      ['replay', 'export', matchId, '--format', 'treason', '--compact', '-o', file],
      {
        COUP_URL: h.url,
      },
    );
    expect(exported.stderr).toMatch(/1 game\(s\) written to/);
    expect(exported.code).toBe(0);

    const imported = await runCli([
      'dataset',
      'import',
      file,
      '--name',
      `roundtrip-${matchId}`,
      '--database-url',
      h.db.url,
    ]);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toMatch(/games read 1, loaded 1, bad 0 \(compact\)/);
    expect(imported.stdout).toMatch(
      /re-played through our engine: 1 \(agreed 1, rules differ 0, disagreed 0\)/,
    );

    const dataset = await h.db.prisma.humanDataset.findFirstOrThrow({
      where: { name: `roundtrip-${matchId}` },
    });
    expect(dataset.status).toBe('ready');
    const row = await h.db.prisma.humanGame.findFirstOrThrow({ where: { datasetId: dataset.id } });
    const events = unpackEvents(row.events, row.playerCount, 'original');
    expect({
      gameId: row.gameId,
      gameType: row.gameType,
      playerCount: row.playerCount,
      playerIds: row.playerIds,
      winner: row.winner,
      playerRank: row.playerRank,
      events: events.ok ? events.events : events,
    }).toEqual({ ...decoded, gameStarted: undefined });
    // The export is dated (the match's start): its BLOCK bytes are read as naming the blocker.
    expect(decoded.gameStarted).toEqual(expect.any(Number));
    expect(row.replayStatus).toBe('agreed');
  });
});
