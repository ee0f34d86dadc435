import { afterEach, describe, expect, it } from 'vitest';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { exitOf, runCli, startCli, waitForOutput } from './testing/cli.ts';

interface Summary {
  agents: { agent: string; games: number; faults: number; faultReasons: Record<string, number> }[];
}

describe('coup bot serve', () => {
  let server: ChildProcessWithoutNullStreams | null = null;
  afterEach(() => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    server = null;
  });

  it('serves a bot that coup play plays against, and stops on SIGTERM', { timeout: 30_000 }, async () => {
    server = startCli(['bot', 'serve', 'heuristic', '--port', '0', '--secret', 's3cret', '--quiet']);
    const [, url] = await waitForOutput(server, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
    expect(url).toMatch(/:\d+$/);
    expect(url).not.toMatch(/:0$/);

    const [good, unsigned] = await Promise.all([
      runCli(['play', url!, 'bot:random', '--games', '2', '--seed', 's', '--secret', 's3cret', '--json']),
      // Without the secret, the bot refuses every request: each decision is an http_status fault.
      runCli(['play', url!, 'bot:random', '--games', '1', '--seed', 's', '--json']),
    ]);
    expect(good.code).toBe(0);
    const ok = JSON.parse(good.stdout) as Summary;
    expect(ok.agents[0]).toMatchObject({ agent: url, games: 2, faults: 0 });

    expect(unsigned.code).toBe(0);
    const bad = JSON.parse(unsigned.stdout) as Summary;
    expect(bad.agents[0]!.faultReasons).toEqual({ http_status: 3 });

    server.kill('SIGTERM');
    expect(await exitOf(server)).toBe(0);
  });
});
