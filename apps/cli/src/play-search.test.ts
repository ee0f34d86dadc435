import { describe, expect, it } from 'vitest';
import { runCli } from './testing/cli.ts';

// `coup play` plays the search agent locally: by level, or with its own budget as one quoted argument.
describe('coup play with the search agent', () => {
  it(
    'plays bot:search-1 and "bot:search --budget-playouts N" without a fault',
    { timeout: 60_000 },
    async () => {
      const r = await runCli([
        'play',
        'bot:search-1',
        'bot:search --budget-playouts 30',
        'bot:people',
        '--games',
        '2',
        '--seed',
        'search',
        '--json',
      ]);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const summary = JSON.parse(r.stdout) as { agents: { agent: string; games: number; faults: number }[] };
      expect(summary.agents.map((a) => a.agent)).toEqual([
        'bot:search-1',
        'bot:search --budget-playouts 30',
        'bot:people',
      ]);
      for (const a of summary.agents) expect(a).toMatchObject({ games: 2, faults: 0 });
    },
  );

  it('refuses a bad budget', { timeout: 30_000 }, async () => {
    const r = await runCli(['play', 'bot:search --budget-ms soon', 'bot:random']);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/--budget-ms needs a positive integer/);
  });
});
