import { startHarness, uniqueName } from './harness';
import type { Account, Harness } from './harness';
import { createBot } from '@coup/bots';
import { createAgent } from '@coup/sdk';
import type { ListeningAgent } from '@coup/sdk';

// The real platform for the UI tests (the composed platform's test harness: own database, own Redis prefix,
// port 0, the web UI, an in-process worker), with short rating periods so ranked matches reach the
// leaderboard within seconds.

export interface UiPlatform {
  h: Harness;
  owner: Account;
  /** House agents by kind (random, honest, heuristic). */
  house: Record<string, string>;
  stop(): Promise<void>;
}

export async function startUiPlatform(env: Record<string, string> = {}): Promise<UiPlatform> {
  const h = await startHarness({ env: { RATING_PERIOD_MS: '1000', ...env } });
  try {
    const owner = await h.createAccount();
    const res = await h.api<{ items: { id: string; name: string }[] }>(
      'GET',
      '/v1/agents?house=true&limit=100',
    );
    const house = Object.fromEntries(res.body.items.map((a) => [a.name.replace(/^house-/, ''), a.id]));
    return {
      h,
      owner,
      house,
      stop: () => h.stop(),
    };
  } catch (err) {
    await h.stop();
    throw err;
  }
}

export interface GatedAgents {
  ids: string[];
  /** Resolves once `free` decisions have been answered and the next one waits for `release`. */
  held: Promise<void>;
  release(): void;
  close(): Promise<void>;
}

/**
 * Two bots (random, honest) registered to `owner` that answer the first `free` decisions of a match, then
 * hold the next one until `release()`, then answer each after `delayMs`: a test can look at a match that
 * is certainly still running, whatever the length of the game.
 */
export async function gatedAgents(p: UiPlatform, o: { free: number; delayMs: number }): Promise<GatedAgents> {
  let answered = 0;
  let release = () => undefined as void;
  let onHeld = () => undefined as void;
  const gate = new Promise<void>((r) => (release = r));
  const held = new Promise<void>((r) => (onHeld = r));
  const ids: string[] = [];
  const running: ListeningAgent[] = [];
  for (const kind of ['random', 'honest'] as const) {
    const reg = await p.h.registerAgent(p.owner.key, {
      name: uniqueName(`gated-${kind}`),
      endpointUrl: 'http://127.0.0.1:9',
    });
    const bot = createBot(kind, { seed: kind });
    const agent = await createAgent({
      name: kind,
      secret: reg.secret,
      onError: () => undefined,
      async decide(req) {
        if (answered++ >= o.free) {
          onHeld();
          await gate;
          await new Promise((r) => setTimeout(r, o.delayMs));
        }
        return bot.decide(req);
      },
    }).listen(0);
    running.push(agent);
    await p.h.api('PATCH', `/v1/agents/${reg.id}`, { key: p.owner.key, body: { endpointUrl: agent.url } });
    ids.push(reg.id);
  }
  return {
    ids,
    held,
    release,
    close: async () => {
      release();
      await Promise.all(running.map((a) => a.close()));
    },
  };
}

/** Polls until `check` returns a value (not undefined), or throws after `timeoutMs`. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs = 20_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
