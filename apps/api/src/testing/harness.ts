import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createTestDatabase } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import { parseEnv } from '@coup/gateway';
import { startApi } from '../boot/api';
import type { ApiOptions, RunningApi } from '../boot/api';

// The platform for integration tests: real Postgres (a database of its own), real Redis (a QUEUE_PREFIX of
// its own, deleted at the end), the real API listening on a free port. The API alone here; the composition
// root (apps/start, `@coup/start/testing`) passes its own `start` to add the web UI and an in-process worker.
// Test files running in parallel never see each other's rows, jobs, channels or rate-limit counters.

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

// Agent secrets are encrypted at rest with SECRET_KEY: the tests (and the worker processes they start) use
// their own, never the developer's .data/secret.key.
process.env.SECRET_KEY ??= `test-secret-${randomBytes(8).toString('hex')}`;

/** What starts the platform under test: the API alone (the default), or a composition of it with more. */
export type StartPlatform<P extends RunningApi> = (
  o: ApiOptions & { worker: boolean; demo: boolean },
) => Promise<P>;

export interface HarnessOptions<P extends RunningApi = RunningApi> {
  /** Run a match worker in the API process (only a `start` that has one can: the API alone has none). */
  worker?: boolean;
  start?: StartPlatform<P>;
  /** Extra environment for parseEnv (strings, as in the real environment). */
  env?: Record<string, string>;
  /** Another Redis than the machine's (a private one a test can kill: outage tests). */
  redisUrl?: string;
  /** Another Postgres server than the test server, for the test's database (a private one: outage tests). */
  databaseServerUrl?: string;
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface RequestOptions {
  /** Sent as `Authorization: Bearer <key>`. */
  key?: string;
  /** Serialised as JSON. */
  body?: unknown;
  /** Sent as is (with content-type application/json unless headers say otherwise). */
  raw?: string;
  headers?: Record<string, string>;
}

export interface Account {
  id: string;
  key: string;
}

export interface MatchView {
  id: string;
  status: 'queued' | 'running' | 'finished' | 'aborted';
  seed: string | null;
  seedCommitment: string;
  attempts: number;
  abortReason: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  ranking: number[][] | null;
  seats: {
    seat: number;
    agent: { id: string; name: string };
    place: number | null;
    faults: number;
    forfeited: boolean;
  }[];
}

export interface Harness<P extends RunningApi = RunningApi> {
  url: string;
  wsUrl: string;
  prefix: string;
  adminKey: string;
  db: TestDatabase;
  platform: P;
  /** Environment for a worker process on the same database and Redis (see worker-process.ts). */
  workerEnv(extra?: Record<string, string>): Record<string, string>;
  api<T = unknown>(method: string, path: string, o?: RequestOptions): Promise<ApiResponse<T>>;
  createAccount(name?: string): Promise<Account>;
  registerAgent(key: string, body: Record<string, unknown>): Promise<{ id: string; secret: string }>;
  queueMatch(key: string, agents: string[], extra?: Record<string, unknown>): Promise<string>;
  /** The id of the house agent playing the built-in bot `kind` (house-random, house-heuristic...). */
  houseAgent(kind: string): Promise<string>;
  waitForMatch(id: string, timeoutMs?: number): Promise<MatchView>;
  /** Redis keys under this run's prefix. */
  redisKeys(): Promise<string[]>;
  stop(): Promise<void>;
}

export const uniqueName = (base: string) => `${base}-${randomBytes(4).toString('hex')}`;

/** A random documentation address (RFC 5737), so per-IP limits (account creation) never trip in tests. */
const someIp = () => `203.0.113.${1 + Math.floor(Math.random() * 250)}`;

const apiAlone: StartPlatform<RunningApi> = (o) => {
  if (o.worker)
    throw new Error('the API alone runs no worker: pass worker: false, or use @coup/start/testing');
  return startApi(o);
};

export async function startHarness<P extends RunningApi = RunningApi>(
  o: HarnessOptions<P> = {},
): Promise<Harness<P>> {
  const start = (o.start ?? apiAlone) as StartPlatform<P>;
  const redisUrl = o.redisUrl ?? REDIS_URL;
  const db = await createTestDatabase(o.databaseServerUrl ? { serverUrl: o.databaseServerUrl } : {});
  const prefix = `cooptest_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const adminKey = `adm_test_${randomBytes(16).toString('hex')}`;
  const env = parseEnv({
    PORT: '0',
    HOST: '127.0.0.1',
    QUEUE_PREFIX: prefix,
    ADMIN_KEY: adminKey,
    LOG_LEVEL: 'silent',
    DEMO_MATCHES: '0',
    // Tests give each created account its own client address with X-Forwarded-For.
    TRUST_PROXY: 'true',
    RATE_LIMIT_MAX: '100000',
    MATCH_TIMEOUT_MS: '3000',
    WORKER_CONCURRENCY: '4',
    WORKER_LOCK_MS: '5000',
    // The matchmaker would queue matches of its own: tests that want it set a shorter interval.
    MATCHMAKER_INTERVAL_MS: '3600000',
    ...o.env,
  });
  let platform: P;
  try {
    platform = await start({
      env,
      databaseUrl: db.url,
      redisUrl,
      worker: o.worker ?? false,
      demo: false,
    });
  } catch (err) {
    await db.drop();
    throw err;
  }
  const url = platform.url;

  async function api<T>(method: string, path: string, r: RequestOptions = {}): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...r.headers };
    if (r.key !== undefined) headers.authorization = `Bearer ${r.key}`;
    let body: string | undefined;
    if (r.raw !== undefined) body = r.raw;
    else if (r.body !== undefined) body = JSON.stringify(r.body);
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${url}${path}`, { method, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, text, headers: res.headers };
  }

  const must = <T>(res: ApiResponse<T>, status: number, what: string): T => {
    if (res.status !== status) throw new Error(`${what}: HTTP ${res.status} ${res.text.slice(0, 500)}`);
    return res.body;
  };

  const h: Harness<P> = {
    url,
    wsUrl: url.replace(/^http/, 'ws'),
    prefix,
    adminKey,
    db,
    platform,
    workerEnv: (extra = {}) => ({
      DATABASE_URL: db.url,
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: prefix,
      SECRET_KEY: process.env.SECRET_KEY ?? '',
      PUBLIC_URL: url,
      LOG_LEVEL: 'silent',
      MATCHMAKER_INTERVAL_MS: '3600000',
      ...extra,
    }),
    api,
    async createAccount(name = uniqueName('acct')) {
      const res = await api<{ account: { id: string }; apiKey: string }>('POST', '/v1/accounts', {
        body: { name },
        headers: { 'x-forwarded-for': someIp() },
      });
      const b = must(res, 201, 'create account');
      return { id: b.account.id, key: b.apiKey };
    },
    async registerAgent(key, body) {
      const res = await api<{ agent: { id: string }; secret: string }>('POST', '/v1/agents', { key, body });
      const b = must(res, 201, 'register agent');
      return { id: b.agent.id, secret: b.secret };
    },
    async houseAgent(kind) {
      const res = await api<{ items: { id: string; name: string }[] }>(
        'GET',
        '/v1/agents?house=true&limit=100',
      );
      const found = must(res, 200, 'house agents').items.find((a) => a.name === `house-${kind}`);
      if (!found) throw new Error(`no house-${kind}`);
      return found.id;
    },
    async queueMatch(key, agents, extra = {}) {
      const res = await api<{ id: string }>('POST', '/v1/matches', { key, body: { agents, ...extra } });
      return must(res, 201, 'queue match').id;
    },
    async waitForMatch(id, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      let last: MatchView | undefined;
      while (Date.now() < until) {
        const res = await api<MatchView>('GET', `/v1/matches/${id}`);
        last = must(res, 200, `get match ${id}`);
        if (last.status === 'finished' || last.status === 'aborted') return last;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`match ${id} is still ${last?.status ?? 'unknown'} after ${timeoutMs} ms`);
    },
    redisKeys: () => scanKeys(prefix, redisUrl),
    async stop() {
      // Do not wait for matches still running: the test is over.
      await platform.stop({ force: true }).catch(() => undefined);
      await deleteKeys(prefix, redisUrl);
      await db.drop();
    },
  };
  return h;
}

async function withRedis<T>(fn: (r: Redis) => Promise<T>, url = REDIS_URL): Promise<T> {
  const r = new Redis(url, { maxRetriesPerRequest: 3 });
  try {
    return await fn(r);
  } finally {
    r.disconnect();
  }
}

export function scanKeys(prefix: string, url = REDIS_URL): Promise<string[]> {
  return withRedis(async (r) => {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await r.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      found.push(...batch);
    } while (cursor !== '0');
    return found;
  }, url);
}

/** Deletes every Redis key of a test run (queues, channels' logs, presence, rate-limit counters). */
export async function deleteKeys(prefix: string, url = REDIS_URL): Promise<void> {
  const found = await scanKeys(prefix, url);
  if (found.length === 0) return;
  await withRedis(async (r) => {
    for (let i = 0; i < found.length; i += 500) await r.del(...found.slice(i, i + 500));
  }, url);
}

/** The `{ error: { code, message } }` body every 4xx and 5xx must have. */
export function errorShapeProblem(body: unknown): string | null {
  const e = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (!e || typeof e !== 'object') return `no "error" object in ${JSON.stringify(body)?.slice(0, 200)}`;
  if (typeof e.code !== 'string' || !e.code) return `error.code is not a string: ${JSON.stringify(body)}`;
  if (typeof e.message !== 'string' || !e.message)
    return `error.message is not a string: ${JSON.stringify(body)}`;
  return null;
}
