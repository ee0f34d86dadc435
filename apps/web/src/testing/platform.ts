import { startHarness, uniqueName } from '@coup/api/src/testing/harness';
import type { Account, Harness } from '@coup/api/src/testing/harness';
import { slowAgent } from '@coup/api/src/testing/agents';
import type { TestAgent } from '@coup/api/src/testing/agents';

// The real platform for the UI tests (the API's test harness: own database, own Redis prefix, port 0, an
// in-process worker), with short rating periods so ranked matches reach the leaderboard within seconds.

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

/** Two agents that wait `delayMs` before each answer, registered to `owner`: a match lasts long enough to watch. */
export async function slowAgents(
  p: UiPlatform,
  delayMs: number,
): Promise<{ ids: string[]; close(): Promise<void> }> {
  const ids: string[] = [];
  const running: TestAgent[] = [];
  for (const kind of ['random', 'honest'] as const) {
    const reg = await p.h.registerAgent(p.owner.key, {
      name: uniqueName(`slow-${kind}`),
      endpointUrl: 'http://127.0.0.1:9',
    });
    const agent = await slowAgent({ kind, delayMs, secret: reg.secret, name: kind });
    running.push(agent);
    await p.h.api('PATCH', `/v1/agents/${reg.id}`, { key: p.owner.key, body: { endpointUrl: agent.url } });
    ids.push(reg.id);
  }
  return { ids, close: async () => void (await Promise.all(running.map((a) => a.close()))) };
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
