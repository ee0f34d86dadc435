import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkGame, decodedGame, replayCheck } from '@coup/archive';
import { runCli, tempDir } from './testing/cli.ts';

// `coup play --ruleset inquisitors`: local matches of the Inquisitor game, and the `coup replay` commands
// on their replays (verify, show, a seat's view, the archive's format).

describe('coup play --ruleset inquisitors', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let file: string;
  let played: Awaited<ReturnType<typeof runCli>>;
  beforeAll(async () => {
    dir = await tempDir();
    file = dir.file('inq.jsonl');
    played = await runCli([
      'play',
      'bot:heuristic',
      'bot:honest',
      'bot:random',
      '--ruleset',
      'inquisitors',
      '-n',
      '4',
      '-s',
      'inq',
      '-o',
      file,
    ]);
  }, 30_000);
  afterAll(() => dir.remove());

  it('plays the game and records it in every replay', async () => {
    expect(played.stderr).toBe('');
    expect(played.code).toBe(0);
    expect(played.stdout).toContain('4 games of inquisitors in');
    const replays = (await readFile(file, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { ruleset?: string; events: { type: string; role?: string }[] });
    expect(replays).toHaveLength(4);
    for (const r of replays) {
      expect(r.ruleset).toBe('inquisitors');
      expect(r.events.some((e) => e.role === 'ambassador')).toBe(false);
    }
    expect(replays.some((r) => r.events.some((e) => e.type === 'interrogation_decided'))).toBe(true);
  });

  it('verifies, shows and exports its replays by their ruleset', { timeout: 60_000 }, async () => {
    const [verify, show, seat, exported] = await Promise.all([
      runCli(['replay', 'verify', file]),
      runCli(['replay', 'show', file, '--index', '1']),
      runCli(['replay', 'show', file, '--index', '1', '--seat', '0', '--prompts']),
      runCli(['replay', 'export', file, '--format', 'treason']),
    ]);
    expect(verify.code, verify.stdout).toBe(0);
    expect(verify.stdout).toContain('4 replays verified');
    expect(show.code, show.stderr).toBe(0);
    expect(show.stdout).toContain('3 players, game inquisitors');
    expect(seat.code, seat.stderr).toBe(0);
    expect(seat.stdout).toContain('game inquisitors');
    expect(seat.stdout).toContain('Inquisitor');
    expect(exported.code, exported.stderr).toBe(0);
    const games = decodedGame.array().parse(JSON.parse(exported.stdout));
    expect(games).toHaveLength(4);
    for (const g of games) {
      expect(g.gameType).toBe('inquisitors');
      expect(checkGame(g)).toEqual({ ok: true });
      expect(replayCheck(g)).toEqual({ status: 'agreed' });
    }
  });

  it('refuses a ruleset it does not know', { timeout: 15_000 }, async () => {
    const r = await runCli(['play', 'bot:random', 'bot:random', '--ruleset', 'reformation']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/Allowed choices are original, inquisitors/);
  });
});
