import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir, withoutTimings } from './testing/cli.ts';

const lines = async (path: string): Promise<unknown[]> =>
  (await readFile(path, 'utf8'))
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as unknown);

describe('coup play', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    dir = await tempDir();
  });
  afterAll(() => dir.remove());

  it(
    'writes replays that verify, and the same seed gives the same replays',
    { timeout: 30_000 },
    async () => {
      const a = dir.file('a.jsonl');
      const b = dir.file('b.jsonl');
      const [first, second] = await Promise.all([
        runCli(['play', 'bot:random', 'bot:heuristic', '--games', '5', '--seed', 'x', '--out', a]),
        runCli(['play', 'bot:random', 'bot:heuristic', '--games', '5', '--seed', 'x', '--out', b, '--json']),
      ]);
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(/agent.*games.*wins.*win rate.*mean place.*faults.*forfeits.*p50.*p95/);
      expect(first.stdout).toContain('bot:heuristic');
      expect(first.stdout).toContain('5 games');

      expect(second.code).toBe(0);
      const summary = JSON.parse(second.stdout) as {
        seed: string;
        games: number;
        agents: { agent: string; games: number; wins: number; faults: number; latencyMs: { p50: number } }[];
      };
      expect(summary.seed).toBe('x');
      expect(summary.games).toBe(5);
      expect(summary.agents.map((s) => s.agent)).toEqual(['bot:random', 'bot:heuristic']);
      expect(summary.agents.every((s) => s.games === 5 && s.faults === 0)).toBe(true);
      expect(summary.agents[0]!.wins + summary.agents[1]!.wins).toBeLessThanOrEqual(5);

      const [ra, rb] = await Promise.all([lines(a), lines(b)]);
      expect(ra).toHaveLength(5);
      expect(ra.map(withoutTimings)).toEqual(rb.map(withoutTimings));
      expect((ra[2] as { seed: string }).seed).toBe('x-3');

      const verified = await runCli(['replay', 'verify', a]);
      expect(verified.code).toBe(0);
      expect(verified.stdout.match(/^ok /gm)).toHaveLength(5);
      expect(verified.stdout).toContain('5 replays verified');
    },
  );

  it('rotates seats and plays matches concurrently', { timeout: 30_000 }, async () => {
    const out = dir.file('rotate.jsonl');
    const agents = ['bot:random', 'bot:honest', 'bot:heuristic'];
    const r = await runCli([
      'play',
      ...agents,
      '-n',
      '3',
      '--rotate',
      '-c',
      '3',
      '-s',
      'r',
      '-o',
      out,
      '--json',
    ]);
    expect(r.code).toBe(0);
    const replays = (await lines(out)) as { seed: string; players: { name: string }[] }[];
    expect(replays.map((x) => x.seed)).toEqual(['r-1', 'r-2', 'r-3']);
    expect(replays.map((x) => x.players[0]!.name)).toEqual(['random', 'honest', 'heuristic']);
    const summary = JSON.parse(r.stdout) as { agents: { games: number }[] };
    expect(summary.agents.map((s) => s.games)).toEqual([3, 3, 3]);
  });
});
