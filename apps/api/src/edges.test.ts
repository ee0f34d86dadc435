import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deref, operationOf } from './testing/bad-values';
import type { JsonSchema, OpenApiDoc } from './testing/bad-values';
import { ADMIN_ROUTES, createFixture, pathOf, VALID_BODY } from './testing/fixtures';
import type { Fixture } from './testing/fixtures';
import { errorShapeProblem, startHarness } from './testing/harness';
import type { Harness } from './testing/harness';
import { sampleText } from './testing/openapi-sample';
import { rawHttp } from './testing/raw-http';
import { listRoutes } from './testing/routes';
import type { RouteInfo } from './testing/routes';

// The contract at the edges of the API: a NUL character anywhere in a request is a 400 naming the field
// (Postgres cannot store it: these were 500s), and the errors the framework and Node's HTTP parser answer
// themselves (bad percent-encoding, 413, 414, 415, 431) have the one error shape and are documented.

interface DocResponses {
  responses?: Record<string, { description?: string; headers?: Record<string, unknown> }>;
}

let h: Harness;
let doc: OpenApiDoc;
let routes: RouteInfo[];
let f: Fixture;

beforeAll(async () => {
  h = await startHarness({ worker: false, env: { EVENTS_ENABLED: 'true' } });
  doc = h.platform.app.swagger() as unknown as OpenApiDoc;
  routes = listRoutes(h.platform.app).filter(
    (r) => r.url.startsWith('/v1/') && r.method !== 'HEAD' && operationOf(doc, r.method, r.url),
  );
  f = await createFixture(h);
});

afterAll(async () => {
  await h?.stop();
});

const headers = () => ({ 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250)}` });
const keyFor = (route: string) => (ADMIN_ROUTES.has(route) ? h.adminKey : f.owner.key);

const types = (s: JsonSchema): string[] =>
  s.anyOf ? s.anyOf.flatMap(types) : Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];

/** A value the schema accepts, with a NUL character in it (null when the schema takes no string). */
function withNul(doc: OpenApiDoc, s: JsonSchema, seed: number): unknown {
  const schema = deref(doc, s);
  const string = (schema.anyOf ?? [schema])
    .map((x) => deref(doc, x))
    .find((x) => types(x).includes('string'));
  if (string) return `${sampleText(doc, string, seed)}\u0000`;
  const array = (schema.anyOf ?? [schema]).map((x) => deref(doc, x)).find((x) => types(x).includes('array'));
  if (array?.items && types(deref(doc, array.items)).includes('string')) {
    const item = sampleText(doc, array.items, seed);
    return [item, `${item}\u0000`];
  }
  return null;
}

function expectNulRefused(res: { status: number; body: unknown; text: string }, field: string, what: string) {
  const msg = `${what} -> ${res.status} ${res.text.slice(0, 300)}`;
  expect(res.status, msg).toBe(400);
  expect(errorShapeProblem(res.body), msg).toBeNull();
  const error = (res.body as { error: { code: string; message: string } }).error;
  expect(error.code, msg).toBe('validation_failed');
  expect(error.message, msg).toMatch(
    new RegExp(`^${field.replaceAll('.', '\\.')}(\\.\\d+)?: contains a NUL`),
  );
}

describe('a NUL character anywhere in a request is a 400 naming the field, never a 500', () => {
  it('in every string field of every JSON body', async () => {
    let checked = 0;
    for (const r of routes) {
      const route = `${r.method} ${r.url}`;
      const op = operationOf(doc, r.method, r.url);
      const schema = op?.requestBody?.content?.['application/json']?.schema;
      const valid = VALID_BODY[route];
      if (!schema || !valid) continue;
      for (const [name, prop] of Object.entries(deref(doc, schema).properties ?? {})) {
        const bad = withNul(doc, prop, checked + 1);
        if (bad === null) continue;
        const res = await h.api(r.method, pathOf(r.url, f), {
          key: keyFor(route),
          headers: headers(),
          body: { ...valid(f), [name]: bad },
        });
        expectNulRefused(res, `body.${name}`, `${route} ${name}=${JSON.stringify(bad)}`);
        checked++;
      }
    }
    // Names, endpoint URLs, model names, prompts, seeds, ids, dates...
    expect(checked).toBeGreaterThanOrEqual(15);
  });

  it('in nested values and object keys', async () => {
    const res = await h.api('POST', '/v1/agents', {
      key: f.owner.key,
      body: { name: 'nested-key', endpointUrl: 'http://127.0.0.1:9', ['model\u0000Name']: 'x' },
    });
    expect(res.status).toBe(400);
    expect((res.body as { error: { message: string } }).error.message).toMatch(/^body\."model\\u0000Name": /);
  });

  it('in every query parameter and path parameter', async () => {
    let checked = 0;
    for (const r of routes) {
      const route = `${r.method} ${r.url}`;
      const op = operationOf(doc, r.method, r.url);
      const valid = VALID_BODY[route];
      for (const p of op?.parameters ?? []) {
        const value = encodeURIComponent(`${sampleText(doc, p.schema, 7)}\u0000`);
        const path =
          p.in === 'path'
            ? pathOf(r.url, f, { [p.name]: 'PLACEHOLDER' }).replace('PLACEHOLDER', value)
            : `${pathOf(r.url, f)}?${p.name}=${value}`;
        const res = await h.api(r.method, path, {
          key: keyFor(route),
          headers: headers(),
          ...(valid ? { body: valid(f) } : {}),
        });
        expectNulRefused(res, `${p.in === 'path' ? 'params' : 'query'}.${p.name}`, `${route} ${path}`);
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(20);
    // A parameter the route does not take at all is refused the same way.
    expectNulRefused(await h.api('GET', '/v1/leaderboard?x=%00'), 'query.x', 'unknown parameter');
  });

  it('in a header: 400 from the app (in-process requests) and from the HTTP parser (a real socket)', async () => {
    const app = h.platform.app;
    for (const [name, value] of [
      ['authorization', `Bearer ${f.owner.key}\u0000`],
      ['x-forwarded-for', '1.2.3.4\u0000'],
    ] as const) {
      const res = await app.inject({ method: 'GET', url: '/v1/accounts/me', headers: { [name]: value } });
      expectNulRefused({ status: res.statusCode, body: res.json(), text: res.body }, `headers.${name}`, name);
    }
    const raw = await rawHttp(
      h.url,
      `GET /v1/accounts/me HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ck_a\u0000b`,
    );
    expect(raw.status).toBe(400);
    expect(errorShapeProblem(raw.json), raw.body).toBeNull();
    expect(raw.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe("the framework's own errors have the one error shape and are documented", () => {
  /** The documented responses of the operation `route` (`GET /v1/agents/:id`). */
  const documented = (route: string) => {
    const [method, url] = route.split(' ') as [string, string];
    return (operationOf(doc, method, url) as DocResponses | undefined)?.responses ?? {};
  };

  const cases: [
    string,
    string,
    () => Promise<{ status: number; body: unknown; text: string }>,
    number,
    string,
  ][] = [
    [
      'bad percent-encoding in the path',
      'GET /v1/agents/:id',
      () => h.api('GET', '/v1/agents/ag_%E0%A4%A'),
      400,
      'invalid_url',
    ],
    [
      'a lone % in the path',
      'DELETE /v1/agents/:id',
      () => h.api('DELETE', '/v1/agents/ag_%zz', { key: f.owner.key }),
      400,
      'invalid_url',
    ],
    [
      'bad percent-encoding in the query string',
      'GET /v1/agents',
      () => h.api('GET', '/v1/agents?q=100%'),
      400,
      'invalid_url',
    ],
    [
      'a body over the limit',
      'POST /v1/agents',
      () =>
        h.api('POST', '/v1/agents', { key: f.owner.key, raw: JSON.stringify({ name: 'x'.repeat(100_000) }) }),
      413,
      'payload_too_large',
    ],
    [
      'a path segment over maxParamLength (GET, where the web UI has a wildcard route)',
      'GET /v1/matches/:id',
      () => h.api('GET', `/v1/matches/mt_${'a'.repeat(300)}`),
      414,
      'uri_too_long',
    ],
    [
      'a path segment over maxParamLength (answered by the router)',
      'POST /v1/agents/:id/pause',
      () => h.api('POST', `/v1/agents/ag_${'a'.repeat(300)}/pause`, { key: f.owner.key }),
      414,
      'uri_too_long',
    ],
    [
      'a URL over the header size limit',
      'GET /v1/agents',
      () => h.api('GET', `/v1/agents?q=${'a'.repeat(20_000)}`),
      414,
      'uri_too_long',
    ],
    [
      'a body that is not JSON',
      'POST /v1/accounts',
      () =>
        h.api('POST', '/v1/accounts', {
          raw: '<a/>',
          headers: { ...headers(), 'content-type': 'application/xml' },
        }),
      415,
      'unsupported_media_type',
    ],
    [
      'a malformed content-type',
      'POST /v1/matches',
      () => h.api('POST', '/v1/matches', { key: f.owner.key, raw: '{}', headers: { 'content-type': '/;;' } }),
      415,
      'unsupported_media_type',
    ],
    [
      'headers over the size limit',
      'GET /v1/leaderboard',
      () => h.api('GET', '/v1/leaderboard', { headers: { 'x-big': 'b'.repeat(20_000) } }),
      431,
      'headers_too_large',
    ],
  ];

  it.each(cases)('%s: %s', async (_what, route, send, status, code) => {
    const res = await send();
    expect(res.status, res.text).toBe(status);
    expect(errorShapeProblem(res.body), res.text).toBeNull();
    const error = (res.body as { error: { code: string; message: string } }).error;
    expect(error.code).toBe(code);
    if (status === 413) expect(error.message).toMatch(/limit of \d+ bytes/);
    expect(documented(route)[String(status)], `${status} documented for ${route}`).toBeDefined();
  });

  it('a broken request line gets the error shape from the HTTP parser', async () => {
    const res = await rawHttp(h.url, 'GET /v1/agents HTTP/9 9\r\nHost: x');
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ error: { code: 'invalid_request' } });
  });

  it('every operation documents what the platform can answer on it, with a description', () => {
    let operations = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const responses = (op as DocResponses).responses ?? {};
        const expected = ['400', '408', '414', '431', '500'];
        if (method !== 'get') expected.push('413', '415');
        if (!['/healthz', '/readyz'].includes(path)) expected.push('429');
        for (const status of expected) {
          const r = responses[status];
          expect(r, `${method.toUpperCase()} ${path} documents ${status}`).toBeDefined();
          expect(r?.description, `${method.toUpperCase()} ${path} ${status}`).not.toBe('Default Response');
        }
        if (responses['429']) expect(responses['429'].headers?.['retry-after']).toBeDefined();
        operations++;
      }
    }
    expect(operations).toBeGreaterThan(25);
  });
});
