import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { exitOf, runCli, startCli, waitForOutput } from './testing/cli.ts';

// `coup play` against an agent that checks signatures: its 401s are faults, and the run says why and what
// to do (--secret), instead of leaving a newcomer with "http_status 3" and nothing else.

describe('coup play hints about signatures', () => {
  let server: ChildProcessWithoutNullStreams;
  let url = '';
  beforeAll(async () => {
    server = startCli(['bot', 'serve', 'random', '--port', '0', '--secret', 'right-secret', '--quiet']);
    [, url = ''] = await waitForOutput(server, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
  }, 30_000);
  afterAll(async () => {
    server.kill('SIGTERM');
    await exitOf(server);
  });

  it('says the agent checks signatures and that --secret exists', { timeout: 60_000 }, async () => {
    const [unsigned, wrong, right, json] = await Promise.all([
      runCli(['play', url, 'bot:random', '--seed', 'h']),
      runCli(['play', url, 'bot:random', '--seed', 'h', '--secret', 'wrong-secret']),
      runCli(['play', url, 'bot:random', '--seed', 'h', '--secret', 'right-secret']),
      runCli(['play', url, 'bot:random', '--seed', 'h', '--json']),
    ]);

    expect(unsigned.code).toBe(0);
    expect(unsigned.stdout).toContain('http_status 3');
    expect(unsigned.stderr).toContain(`hint: ${url} answered 401 Unauthorized to 3 requests`);
    expect(unsigned.stderr).toContain('the agent checks request signatures (X-Coup-Signature)');
    expect(unsigned.stderr).toContain('--secret <secret> (or set COUP_AGENT_SECRET)');

    expect(wrong.code).toBe(0);
    expect(wrong.stderr).toContain('the agent checks request signatures');
    expect(wrong.stderr).toContain(
      "refused the ones signed with the secret given (--secret or COUP_AGENT_SECRET): is it the agent's secret?",
    );

    expect(right.code).toBe(0);
    expect(right.stderr).toBe('');

    // --json keeps stdout for the JSON document: the hint goes to stderr.
    expect(json.code).toBe(0);
    expect(() => JSON.parse(json.stdout) as unknown).not.toThrow();
    expect(json.stderr).toContain('--secret <secret>');
  });
});
