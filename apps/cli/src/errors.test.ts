import { describe, expect, it } from 'vitest';
import { freePort } from '@coup/devstack';
import { runCli } from './testing/cli.ts';

const CASES: [string, string[], RegExp][] = [
  ['one agent', ['play', 'bot:random'], /2 to 6 agents, got 1/],
  ['seven agents', ['play', ...Array<string>(7).fill('bot:random')], /2 to 6 agents, got 7/],
  ['an unknown bot', ['play', 'bot:genius', 'bot:random'], /unknown bot "genius"/],
  [
    'an unknown agent spec',
    ['play', 'random', 'bot:honest'],
    /unknown agent "random" \(did you mean bot:random\?\)/,
  ],
  ['--games 0', ['play', 'bot:random', 'bot:honest', '--games', '0'], /--games must be a positive integer/],
  [
    '--games abc',
    ['play', 'bot:random', 'bot:honest', '--games', 'abc'],
    /--games must be a positive integer/,
  ],
  ['an unknown flag', ['play', 'bot:random', 'bot:honest', '--frobnicate'], /unknown option '--frobnicate'/],
  ['an unknown command', ['frobnicate'], /unknown command 'frobnicate'/],
  ['a missing --port', ['bot', 'serve', 'random'], /required option '-p, --port <port>'/],
  ['an unknown bot to serve', ['bot', 'serve', 'genius', '--port', '0'], /unknown bot "genius"/],
  ['a bad --timeout-ms', ['play', 'bot:random', 'bot:honest', '--timeout-ms', '-5'], /timeout-ms/],
];

// Concurrent: each test is a child process that mostly waits for its own startup.
describe.concurrent('coup: user errors', () => {
  it.for(CASES)('%s: a message, exit 2, no stack trace', { timeout: 15_000 }, async ([, args, message]) => {
    const r = await runCli(args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('');
  });

  it('exits 2 naming an unreachable agent', { timeout: 15_000 }, async () => {
    const url = `http://127.0.0.1:${await freePort()}`;
    const r = await runCli(['play', url, 'bot:random']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`cannot reach agent ${url}`);
    expect(r.stderr).toContain('connection refused');
  });

  it('prints help and version', { timeout: 15_000 }, async () => {
    const [help, playHelp, version] = await Promise.all([
      runCli(['--help']),
      runCli(['play', '--help']),
      runCli(['--version']),
    ]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/play .*\n[\s\S]*bot[\s\S]*replay/);
    expect(playHelp.code).toBe(0);
    for (const flag of [
      '--games',
      '--seed',
      '--timeout-ms',
      '--out',
      '--secret',
      '--rotate',
      '--concurrency',
      '--json',
    ]) {
      expect(playHelp.stdout).toContain(flag);
    }
    expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });
});
