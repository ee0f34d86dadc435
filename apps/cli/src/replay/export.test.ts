import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkGame, decodedGame, fromCompactGame, compactGame } from '@coup/archive';
import { runCli, tempDir } from '../testing/cli.ts';

const FIXTURE = fileURLToPath(new URL('../../../../packages/protocol/fixtures/replay.json', import.meta.url));

describe('coup replay export --format treason', () => {
  it('writes a replay file as archive games, decoded or compact', async () => {
    const decoded = await runCli(['replay', 'export', FIXTURE, '--format', 'treason']);
    expect(decoded.code, decoded.stderr).toBe(0);
    const [game] = decodedGame.array().parse(JSON.parse(decoded.stdout));
    expect(game).toMatchObject({ gameId: 'mt_golden', gameType: 'original', playerCount: 3 });
    expect(checkGame(game!)).toEqual({ ok: true });

    const dir = await tempDir();
    try {
      const out = dir.file('compact.json');
      const compact = await runCli([
        'replay',
        'export',
        FIXTURE,
        '--format',
        'treason',
        '--compact',
        '-o',
        out,
      ]);
      expect(compact.code, compact.stderr).toBe(0);
      const [packed] = compactGame.array().parse(JSON.parse(await readFile(out, 'utf8')));
      expect(fromCompactGame(packed!)).toEqual({ ok: true, game });
    } finally {
      await dir.remove();
    }
  });

  it('needs the format, and refuses what is not a replay', async () => {
    expect((await runCli(['replay', 'export', FIXTURE])).code).toBe(2);
    const notReplay = await runCli([
      'replay',
      'export',
      fileURLToPath(new URL('../../package.json', import.meta.url)),
      '--format',
      'treason',
    ]);
    expect(notReplay.code).toBe(1);
    expect(notReplay.stderr).toMatch(/not a replay/);
  });
});
