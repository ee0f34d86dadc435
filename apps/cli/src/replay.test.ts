import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_1_REPLAYS_FILE } from '@coup/runner/testing';
import { runCli, tempDir } from './testing/cli.ts';

// Each test starts CLI processes (tsx compiling the CLI, ~2-3 s of CPU each) side by side: on a loaded
// 2-core machine (CI running beside benchmarks) six of them took over 15 s of wall clock and timed out.
const CLI_TIMEOUT_MS = 60_000;

describe.concurrent('coup replay', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let file: string;
  let lines: string[];
  beforeAll(async () => {
    dir = await tempDir();
    file = dir.file('replays.jsonl');
    const r = await runCli([
      'play',
      'bot:honest',
      'bot:heuristic',
      'bot:random',
      '-n',
      '3',
      '-s',
      'v',
      '-o',
      file,
    ]);
    expect(r.code).toBe(0);
    lines = (await readFile(file, 'utf8')).trim().split('\n');
  }, CLI_TIMEOUT_MS);
  afterAll(() => dir.remove());

  it(
    'fails verification of a tampered replay with exit 1, naming where',
    { timeout: CLI_TIMEOUT_MS },
    async () => {
      const tampered = JSON.parse(lines[1]!) as { ranking: number[][] };
      tampered.ranking = [...tampered.ranking].reverse();
      const bad = dir.file('tampered.jsonl');
      await writeFile(bad, [lines[0], JSON.stringify(tampered), lines[2]].join('\n') + '\n');
      const r = await runCli(['replay', 'verify', bad]);
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/^ok +line 1 /m);
      expect(r.stdout).toMatch(/^FAIL +line 2 .*at ranking: ranking differs from the re-run/m);
      expect(r.stdout).toMatch(/^ok +line 3 /m);
      expect(r.stdout).toContain('1 of 3 replays failed verification');
    },
  );

  it('reads a pretty-printed replay file', { timeout: CLI_TIMEOUT_MS }, async () => {
    const pretty = dir.file('one.json');
    await writeFile(pretty, JSON.stringify(JSON.parse(lines[0]!), null, 2));
    const r = await runCli(['replay', 'verify', pretty]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1 replay verified');
  });

  it('exits 2 for missing and non-JSON files', { timeout: CLI_TIMEOUT_MS }, async () => {
    const garbage = dir.file('garbage.jsonl');
    await writeFile(garbage, `${lines[0]}\nnot json\n`);
    const [missing, broken] = await Promise.all([
      runCli(['replay', 'verify', dir.file('missing.jsonl')]),
      runCli(['replay', 'verify', garbage]),
    ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/cannot read .*missing\.jsonl: no such file/);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/garbage\.jsonl:2: not valid JSON/);
  });

  it('shows a replay turn by turn, and one seat view', { timeout: CLI_TIMEOUT_MS }, async () => {
    const [all, seat, outOfRange] = await Promise.all([
      runCli(['replay', 'show', file, '--index', '2']),
      runCli(['replay', 'show', file, '--index', '2', '--seat', '1', '--prompts']),
      runCli(['replay', 'show', file, '--index', '4']),
    ]);
    expect(all.code).toBe(0);
    expect(all.stdout).toContain('seed "v-2"');
    expect(all.stdout).toMatch(/^Turn 0: .* to play/m);
    expect(all.stdout).toMatch(/^Turn 1: /m);
    expect(all.stdout).toMatch(/game over/);
    expect(all.stdout).toMatch(/^Ranking: 1\. /m);

    expect(seat.code).toBe(0);
    expect(seat.stdout).toContain('as seen by seat 1 (heuristic)');
    expect(seat.stdout).toMatch(/> asked \(action, /);
    expect(seat.stdout).toContain('| Answer with {"action": <one of these>}:');
    expect(seat.stdout).toMatch(/You finished in place \d/);

    expect(outOfRange.code).toBe(2);
    expect(outOfRange.stderr).toContain('holds 3 replays');
  });

  it(
    'verifies and shows replays recorded by engine 1.0.0 (the old seeding)',
    { timeout: CLI_TIMEOUT_MS },
    async () => {
      const [verify, show, seat] = await Promise.all([
        runCli(['replay', 'verify', ENGINE_1_REPLAYS_FILE]),
        runCli(['replay', 'show', ENGINE_1_REPLAYS_FILE, '--index', '1']),
        runCli(['replay', 'show', ENGINE_1_REPLAYS_FILE, '--index', '2', '--seat', '0']),
      ]);
      expect(verify.code, verify.stderr).toBe(0);
      expect(verify.stdout).toMatch(/^ok +line 1 /m);
      expect(verify.stdout).toMatch(/^ok +line 2 /m);
      expect(verify.stdout).toContain('2 replays verified');
      expect(show.code, show.stderr).toBe(0);
      expect(show.stdout).toContain('engine 1.0.0');
      expect(show.stdout).not.toContain('stops re-running');
      expect(seat.code, seat.stderr).toBe(0);
    },
  );

  it(
    'refuses a replay of an unknown engine version, naming the known ones',
    { timeout: CLI_TIMEOUT_MS },
    async () => {
      const unknown = JSON.parse(lines[0]!) as { engineVersion: string };
      unknown.engineVersion = '7.0.0';
      const file7 = dir.file('engine7.jsonl');
      await writeFile(file7, JSON.stringify(unknown) + '\n');
      const [verify, show] = await Promise.all([
        runCli(['replay', 'verify', file7]),
        runCli(['replay', 'show', file7]),
      ]);
      expect(verify.code).toBe(1);
      expect(verify.stdout).toContain(
        'at engineVersion: unknown engine version "7.0.0": this engine re-runs 1.0.0, 2.0.0',
      );
      expect(show.code).toBe(1);
      expect(show.stderr).toContain('unknown engine version "7.0.0"');
    },
  );
});
