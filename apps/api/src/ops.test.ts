import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorShapeProblem, startHarness } from './testing/harness';
import type { ApiResponse, Harness } from './testing/harness';
import { listRoutes, MUTATING } from './testing/routes';

// The operator's side: health, readiness, metrics, the API documents, the queue board and rate limits.

let h: Harness;
const LIMIT = 30;
const METRICS_TOKEN = 'scrape-token-0123456789';

beforeAll(async () => {
  h = await startHarness({ worker: false, env: { RATE_LIMIT_MAX: String(LIMIT), METRICS_TOKEN } });
});

afterAll(async () => {
  await h?.stop();
});

describe('health and metrics', () => {
  it('/healthz and /readyz are ok with Postgres and Redis up', async () => {
    expect((await h.api('GET', '/healthz')).body).toEqual({ status: 'ok' });
    const ready = await h.api('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ok', checks: { postgres: true, redis: true } });
  });

  it('/metrics is not public: 401 with the error shape without the admin key or METRICS_TOKEN', async () => {
    const account = await h.createAccount();
    for (const authorization of [
      undefined,
      'Bearer nope',
      `Bearer ${account.key}`,
      `Bearer ${METRICS_TOKEN}x`,
      `Basic ${Buffer.from(`admin:${h.adminKey}`).toString('base64')}`,
    ]) {
      const res = await h.api('GET', '/metrics', authorization ? { headers: { authorization } } : {});
      expect(res.status, authorization).toBe(401);
      expect(errorShapeProblem(res.body), authorization).toBeNull();
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
      expect(res.text).not.toContain('coup_');
    }
    const scraper = await h.api('GET', '/metrics', { key: METRICS_TOKEN });
    expect(scraper.status).toBe(200);
    expect(scraper.text).toContain('coup_http_request_duration_seconds');
  });

  it('/metrics is Prometheus text with the coup_ metrics', async () => {
    await h.api('GET', '/v1/agents');
    const res = await h.api('GET', '/metrics', { key: h.adminKey });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    for (const name of [
      'coup_http_request_duration_seconds_bucket',
      'coup_match_jobs{state="waiting"}',
      'coup_process_cpu_user_seconds_total',
    ]) {
      expect(res.text).toContain(name);
    }
    expect(res.text).toMatch(
      /coup_http_request_duration_seconds_count\{method="GET",route="\/v1\/agents",status="200"\} \d+/,
    );
    expect(res.text).toMatch(/^# TYPE coup_matches gauge$/m);
  });
});

describe('API documents', () => {
  it('/openapi.json is the OpenAPI 3.1 document of the /v1 routes', async () => {
    const res = await h.api<{ openapi: string; paths: Record<string, unknown> }>('GET', '/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe('3.1.0');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/v1/agents', '/v1/matches/{id}/replay']),
    );
  });

  it('/docs serves Swagger UI', async () => {
    const res = await h.api('GET', '/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.text).toMatch(/swagger/i);
  });
});

describe('/admin/queues', () => {
  const basic = (user: string, password: string) =>
    `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

  it('needs the admin key: 401 without it, 200 with it as a bearer token or a basic-auth password', async () => {
    const none = await h.api('GET', '/admin/queues');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Basic /);
    expect(errorShapeProblem(none.body)).toBeNull();

    const account = await h.createAccount();
    for (const authorization of [
      `Bearer ${account.key}`,
      'Bearer nope',
      basic('admin', 'nope'),
      'Basic !!!',
    ]) {
      const res = await h.api('GET', '/admin/queues', { headers: { authorization } });
      expect(res.status, authorization).toBe(401);
    }

    const bearer = await h.api('GET', '/admin/queues', { key: h.adminKey });
    expect(bearer.status).toBe(200);
    expect(bearer.headers.get('content-type')).toMatch(/text\/html/);
    const viaBasic = await h.api('GET', '/admin/queues', {
      headers: { authorization: basic('anyone', h.adminKey) },
    });
    expect(viaBasic.status).toBe(200);

    const queues = await h.api<{ queues: { name: string }[] }>('GET', '/admin/queues/api/queues', {
      key: h.adminKey,
    });
    expect(queues.status).toBe(200);
    expect(queues.body.queues.map((q) => q.name)).toContain('matches');

    // The board's own errors have the one error shape too.
    for (const [method, path] of [
      ['PUT', '/admin/queues/api/queues/nope/retry/failed'],
      ['GET', '/admin/queues/api/queues/matches/nope'],
    ] as const) {
      const res = await h.api(method, path, { key: h.adminKey });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(errorShapeProblem(res.body), res.text).toBeNull();
    }
  });

  it('refuses every mutating board route without the admin key', async () => {
    const routes = listRoutes(h.platform.app).filter(
      (r) => MUTATING.has(r.method) && r.url.startsWith('/admin/'),
    );
    expect(routes.length).toBeGreaterThan(5);
    for (const r of routes) {
      const path = r.url.replace(/:[A-Za-z]+/g, 'x');
      const res = await h.api(r.method, path, { body: {} });
      expect(res.status, `${r.method} ${path}`).toBe(401);
    }
  });
});

describe('rate limits', () => {
  const tooMany = async (call: (i: number) => Promise<ApiResponse>, max: number) => {
    for (let i = 0; i <= max; i++) {
      const res = await call(i);
      if (res.status === 429) return res;
    }
    throw new Error(`no 429 after ${max + 1} requests`);
  };

  it('answer 429 with the error shape; made-up keys do not buy fresh limits', async () => {
    // Account creation allows 10 a minute from one address, whatever key is sent.
    const headers = (i: number) => ({
      'x-forwarded-for': '198.51.100.7',
      authorization: `Bearer ck_madeup${i}`,
    });
    const res = await tooMany(
      (i) => h.api('POST', '/v1/accounts', { body: { name: `rl-${i}` }, headers: headers(i) }),
      10,
    );
    expect(res.status, res.text).toBe(429);
    expect(errorShapeProblem(res.body)).toBeNull();
    expect(res.body).toMatchObject({ error: { code: 'rate_limited' } });
    const retryAfter = res.headers.get('retry-after');
    expect(retryAfter).toMatch(/^\d+$/);
    // The route's own limit and window, and the same wait as Retry-After (not the wait as the window).
    expect((res.body as { error: { message: string } }).error.message).toBe(
      `rate limit of 10 requests per 1 minute exceeded; retry in ${retryAfter} s`,
    );

    // The global limit: per account for a real key, per address otherwise.
    const account = await h.createAccount();
    const ip = { 'x-forwarded-for': '198.51.100.8' };
    const anonymous = await tooMany(
      (i) => h.api('GET', '/v1/agents', { headers: { ...ip, authorization: `Bearer ck_x${i}` } }),
      LIMIT,
    );
    expect(anonymous.status).toBe(429);
    expect((anonymous.body as { error: { message: string } }).error.message).toBe(
      `rate limit of ${LIMIT} requests per 1 minute exceeded; retry in ${anonymous.headers.get('retry-after')} s`,
    );
    expect((await h.api('GET', '/v1/agents', { key: account.key, headers: ip })).status).toBe(200);
  });
});
