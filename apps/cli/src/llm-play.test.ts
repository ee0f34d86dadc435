import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Replay } from '@coup/protocol';
import { startStandInLlm, STAND_IN_SHARP } from '@coup/llm/testing';
import type { StandInServer } from '@coup/llm/testing';
import { runCli, tempDir } from './testing/cli.ts';

// `coup play llm:<model>`: an author tunes a strategy prompt locally, played exactly as the platform plays
// hosted llm agents (same client code, same variables), here against the stand-in model server.

describe('coup play llm:<model>', () => {
  let stand: StandInServer;
  let dir: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    stand = await startStandInLlm({ models: ['stand-in-7b'] });
    dir = await tempDir();
  });
  afterAll(async () => {
    await stand.close();
    await dir.remove();
  });

  it(
    'plays a model against a built-in bot with the strategy prompt of --strategy-file',
    { timeout: 60_000 },
    async () => {
      const prompt = dir.file('prompt.txt');
      await writeFile(prompt, `Never bluff. ${STAND_IN_SHARP}\n`);
      const out = dir.file('llm.jsonl');
      const res = await runCli(
        [
          'play',
          'llm:stand-in-7b',
          'bot:random',
          '--games',
          '2',
          '--seed',
          'llm',
          '--strategy-file',
          prompt,
          '--out',
          out,
          '--json',
        ],
        { LLM_BASE_URL: stand.baseUrl, LLM_TIMEOUT_MS: '6000' },
      );
      expect(res.stderr).toBe('');
      expect(res.code).toBe(0);
      const summary = JSON.parse(res.stdout) as {
        agents: { agent: string; games: number; faults: number }[];
      };
      expect(summary.agents.map((a) => [a.agent, a.games, a.faults])).toEqual([
        ['llm:stand-in-7b', 2, 0],
        ['bot:random', 2, 0],
      ]);
      const replays = (await readFile(out, 'utf8'))
        .trim()
        .split('\n')
        .map((l) => Replay.parse(JSON.parse(l)));
      for (const r of replays) {
        expect(r.players[0]?.timeoutMs).toBe(6000);
        const mine = r.steps.filter((s) => s.kind === 'decision' && s.seat === 0);
        expect(mine.length).toBeGreaterThan(0);
        for (const s of mine) if (s.kind === 'decision') expect(s.llm?.model).toBe('stand-in-7b');
      }
      expect(stand.calls.some((c) => c.system.includes(`Never bluff. ${STAND_IN_SHARP}`))).toBe(true);
      const verified = await runCli(['replay', 'verify', out]);
      expect(verified.code).toBe(0);
      // `replay show` prints each decision's model line right under the event it caused (the events after
      // it can open the next turn: a line printed after them would read as that turn's).
      for (const index of ['1', '2']) {
        const shown = await runCli(['replay', 'show', out, '--index', index]);
        expect(shown.code).toBe(0);
        const lines = shown.stdout.split('\n');
        const models = lines.flatMap((l, i) => (l.includes(': model stand-in-7b:') ? [i] : []));
        expect(models.length).toBeGreaterThan(0);
        for (const i of models) {
          const above = lines[i - 1]?.includes(' says: ') ? i - 2 : i - 1;
          expect(lines[above]).toMatch(/\(\d[\d.]* m?s\)$/);
        }
      }
    },
  );

  it(
    'says what to set when LLM_BASE_URL is missing, and refuses a model LLM_MODELS does not list',
    { timeout: 60_000 },
    async () => {
      const missing = await runCli(['play', 'llm:qwen2.5-7b', 'bot:random']);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toContain('llm:qwen2.5-7b needs a model server: set LLM_BASE_URL');
      expect(missing.stderr).toContain('http://127.0.0.1:11434/v1');
      const unlisted = await runCli(['play', 'llm:gpt-9', 'bot:random'], {
        LLM_BASE_URL: stand.baseUrl,
        LLM_MODELS: 'stand-in-7b',
      });
      expect(unlisted.code).toBe(2);
      expect(unlisted.stderr).toContain('llm:gpt-9: not in LLM_MODELS (stand-in-7b)');
      const noModel = await runCli(['play', 'llm:', 'bot:random'], { LLM_BASE_URL: stand.baseUrl });
      expect(noModel.code).toBe(2);
      expect(noModel.stderr).toContain('names no model');
      const stray = await runCli(['play', 'bot:random', 'bot:honest', '--strategy-prompt', 'x']);
      expect(stray.code).toBe(2);
      expect(stray.stderr).toContain('for llm:<model> agents');
    },
  );
});
