import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpAgent, runMatch, verifyReplay } from '@coup/runner';
import { randomAgent } from '@coup/runner/testing';
import { startStandInLlm, STAND_IN_SHARP } from './testing/index';
import type { StandInServer } from './testing/index';

// examples/llm-forwarder, run for real with python3: it forwards each decision's prompt to an
// OpenAI-compatible server (the stand-in) and plays what the model picked, without faults.

const FORWARDER = fileURLToPath(new URL('../../../examples/llm-forwarder/forwarder.py', import.meta.url));
const SECRET = 'fwd_secret';
const hasPython = spawnSync('python3', ['--version']).status === 0;

describe.skipIf(!hasPython)('examples/llm-forwarder', () => {
  let stand: StandInServer;
  let child: ChildProcess;
  let url = '';

  beforeAll(async () => {
    stand = await startStandInLlm({ behave: (c) => (c.index % 5 === 4 ? 'invalid_json' : 'play_text') });
    child = spawn('python3', [FORWARDER, '0'], {
      env: {
        ...process.env,
        COUP_AGENT_SECRET: SECRET,
        LLM_BASE_URL: stand.baseUrl,
        LLM_MODEL: 'stand-in-7b',
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    url = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`forwarder did not start: ${out}`)), 10_000);
      child.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /listening on (http:\/\/\S+)/.exec(out);
        if (m?.[1]) {
          clearTimeout(timer);
          resolve(m[1]);
        }
      });
      child.once('exit', (code) => reject(new Error(`forwarder exited with ${code}`)));
    });
  }, 15_000);
  afterAll(async () => {
    child?.kill();
    await stand?.close();
  });

  it('plays a whole match through the model server, falling back to a safe action on a bad answer', async () => {
    const agent = httpAgent({ name: 'forwarder', url, secret: SECRET });
    try {
      const replay = await runMatch({
        matchId: 'mt_forwarder',
        seed: 'forwarder-1',
        agents: [agent, randomAgent('random', 1)],
        timeoutMs: 5000,
        strategyPrompts: [STAND_IN_SHARP],
      });
      expect(verifyReplay(replay)).toEqual({ ok: true });
      expect(replay.results[0]?.faults).toBe(0);
      expect(stand.calls.length).toBeGreaterThan(0);
      expect(stand.calls[0]?.model).toBe('stand-in-7b');
      expect(stand.calls[0]?.system).toContain(STAND_IN_SHARP);
      expect(stand.calls.some((c) => c.user.includes('Answer with {"action": <one of these>}'))).toBe(true);
    } finally {
      await agent.close?.();
    }
  });
});
