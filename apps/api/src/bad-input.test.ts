import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badJsonValues, badPathValues, badQueryValues, deref, operationOf } from './testing/bad-values';
import type { OpenApiDoc } from './testing/bad-values';
import { ADMIN_ROUTES, createFixture, pathOf, VALID_BODY } from './testing/fixtures';
import { errorShapeProblem, startHarness } from './testing/harness';
import type { ApiResponse, Harness, RequestOptions } from './testing/harness';
import { listRoutes, MUTATING } from './testing/routes';
import type { RouteInfo } from './testing/routes';

// Bad input on every /v1 route, listed from the app and driven by each route's own schemas (the OpenAPI
// document): malformed JSON, JSON nested 9,000 levels deep, non-JSON, wrong types, unknown fields, bodies over the limit, bad ids, bad
// query values. Every answer must be a 4xx with the `{ error: { code, message } }` shape, never a 5xx.

/** WebSocket routes: not in the OpenAPI document; a plain HTTP request to them must still get a 4xx. */
const WEBSOCKET_ROUTES = new Set(['GET /v1/agents/connect', 'GET /v1/matches/:id/live']);

let h: Harness;
let doc: OpenApiDoc;
let routes: RouteInfo[];

beforeAll(async () => {
  h = await startHarness({ worker: false, env: { EVENTS_ENABLED: 'true' } });
  doc = h.platform.app.swagger() as unknown as OpenApiDoc;
  routes = listRoutes(h.platform.app).filter((r) => r.url.startsWith('/v1/') && r.method !== 'HEAD');
});

afterAll(async () => {
  await h?.stop();
});

const fixture = () => createFixture(h);

/** Every request comes from its own address, so per-IP limits never answer for the route. */
const send = (method: string, path: string, o: RequestOptions) =>
  h.api(method, path, {
    ...o,
    headers: { 'x-forwarded-for': `198.51.100.${Math.floor(Math.random() * 250)}`, ...o.headers },
  });

function expect4xx(res: ApiResponse, what: string, status?: number) {
  const msg = `${what} -> ${res.status} ${res.text.slice(0, 300)}`;
  if (status !== undefined) expect(res.status, msg).toBe(status);
  expect(res.status, msg).toBeGreaterThanOrEqual(400);
  expect(res.status, msg).toBeLessThan(500);
  expect(errorShapeProblem(res.body), msg).toBeNull();
}

describe('bad input on every /v1 route', () => {
  it('knows every route: documented in OpenAPI or a WebSocket route, with a valid body when it takes one', () => {
    for (const r of routes) {
      const key = `${r.method} ${r.url}`;
      const op = operationOf(doc, r.method, r.url);
      expect(op !== undefined || WEBSOCKET_ROUTES.has(key), `${key} is not in the OpenAPI document`).toBe(
        true,
      );
      if (op?.requestBody) expect(VALID_BODY[key], `add a valid body for ${key} to VALID_BODY`).toBeDefined();
    }
  });

  it('bodies: malformed JSON, not JSON, over the limit, wrong types and unknown fields', async () => {
    // Routes run together, each on its own fixture; within a route, all requests at once.
    await Promise.all(
      routes
        .filter((x) => MUTATING.has(x.method))
        .map(async (r) => {
          const route = `${r.method} ${r.url}`;
          const f = await fixture();
          const path = pathOf(r.url, f);
          // Authentication comes first (onRequest): operator routes get the admin key so the body is checked.
          const key = ADMIN_ROUTES.has(route) ? h.adminKey : f.owner.key;
          const call = (o: RequestOptions) => send(r.method, path, { key, ...o });
          // None of these requests may change anything.
          const checks: Promise<void>[] = [];
          const check4xx = (o: RequestOptions, what: string, status?: number) =>
            checks.push(call(o).then((res) => expect4xx(res, `${route} ${what}`, status)));

          for (const raw of [
            '{"name": ',
            '{name: 1}',
            "{'a': 1}",
            '{"a":1}}',
            '\u0000',
            '{"a": 1e999999}x',
          ]) {
            check4xx({ raw }, `malformed ${JSON.stringify(raw)}`, 400);
          }
          check4xx({ raw: '<a/>', headers: { 'content-type': 'application/xml' } }, 'xml', 415);
          const limit = h.platform.app.initialConfig.bodyLimit ?? 1 << 20;
          check4xx({ raw: JSON.stringify({ name: 'x'.repeat(limit) }) }, 'over the body limit', 413);
          check4xx({ raw: '{"__proto__": {"isAdmin": true}}' }, '__proto__', 400);
          // Nested past any stack (MAX_JSON_DEPTH is 64): refused before anything walks it.
          const deep = '{"a":'.repeat(9000) + '1' + '}'.repeat(9000);
          check4xx({ raw: `{"x":${deep}}` }, 'nested 9,000 levels', 400);

          const op = operationOf(doc, r.method, r.url);
          const schema = op?.requestBody?.content?.['application/json']?.schema;
          const valid = VALID_BODY[route];
          if (schema && valid) {
            const s = deref(doc, schema);
            for (const body of [[], 'x', 1, null, true, [valid(f)]])
              check4xx({ body }, `body ${JSON.stringify(body)}`, 400);
            check4xx({ body: { ...valid(f), bogus: 1 } }, 'unknown field', 400);
            check4xx({ raw: 'hello', headers: { 'content-type': 'text/plain' } }, 'text/plain', 400);
            for (const [name, prop] of Object.entries(s.properties ?? {})) {
              for (const bad of badJsonValues(deref(doc, prop))) {
                check4xx(
                  { body: { ...valid(f), [name]: bad } },
                  `${name}=${JSON.stringify(bad)?.slice(0, 60)}`,
                  400,
                );
              }
            }
            for (const name of s.required ?? []) {
              const { [name]: _missing, ...rest } = valid(f);
              check4xx({ body: rest }, `without ${name}`, 400);
            }
            await Promise.all(checks);
          } else {
            await Promise.all(checks);
            // No body expected: one sent anyway is ignored or refused, never a 5xx (these may act: last).
            for (const o of [
              { body: [] },
              { body: { bogus: 1 } },
              { raw: 'hi', headers: { 'content-type': 'text/plain' } },
            ]) {
              const res = await call(o);
              expect(res.status, `${route} ${JSON.stringify(o)}: ${res.text}`).toBeLessThan(500);
            }
          }
        }),
    );
  });

  it('path parameters: malformed ids are 400, well-formed unknown ids 404', async () => {
    await Promise.all(
      routes
        .filter((x) => x.url.includes(':'))
        .map(async (r) => {
          const route = `${r.method} ${r.url}`;
          const f = await fixture();
          const op = operationOf(doc, r.method, r.url);
          const params = op?.parameters?.filter((p) => p.in === 'path') ?? [];
          const valid = VALID_BODY[route];
          const o: RequestOptions = { key: f.owner.key, ...(valid ? { body: valid(f) } : {}) };
          const at = (name: string, id: string) => send(r.method, pathOf(r.url, f, { [name]: id }), o);
          if (params.length === 0) {
            // WebSocket routes: a plain HTTP request, whatever the id.
            for (const id of ['mt_nope', '!!', f.matchId, f.agentId]) {
              expect4xx(await at('id', id), `${route} ${id} over plain HTTP`, 426);
            }
            return;
          }
          for (const p of params) {
            const { invalid, unknown } = badPathValues(deref(doc, p.schema));
            for (const id of invalid) expect4xx(await at(p.name, id), `${route} :${p.name} ${id}`);
            if (unknown) expect4xx(await at(p.name, unknown), `${route} unknown :${p.name}`, 404);
          }
        }),
    );
  });

  it('query strings: bad values and unknown parameters are 400', async () => {
    const f = await fixture();
    for (const r of routes.filter((x) => x.method === 'GET' && !WEBSOCKET_ROUTES.has(`GET ${x.url}`))) {
      const route = `${r.method} ${r.url}`;
      const path = pathOf(r.url, f);
      const query = (operationOf(doc, r.method, r.url)?.parameters ?? []).filter((p) => p.in === 'query');
      for (const p of query) {
        for (const bad of badQueryValues(deref(doc, p.schema))) {
          const res = await send('GET', `${path}?${p.name}=${encodeURIComponent(bad)}`, {});
          expect4xx(res, `${route} ?${p.name}=${bad.slice(0, 40)}`, 400);
        }
        const twice = await send('GET', `${path}?${p.name}=1&${p.name}=2`, {});
        expect(twice.status, `${route} ?${p.name} twice: ${twice.text}`).toBeLessThan(500);
      }
      if (query.length > 0) {
        expect4xx(await send('GET', `${path}?bogus=1`, {}), `${route} unknown parameter`, 400);
        if (query.some((p) => p.name === 'cursor')) {
          for (const c of ['x', 'eyJ0IjoxfQ', Buffer.from('{"t":"nope","id":1}').toString('base64url')]) {
            expect4xx(await send('GET', `${path}?cursor=${c}`, {}), `${route} cursor ${c}`, 400);
          }
        }
      }
      for (const authorization of ['Bearer ck_unknown', 'Bearer', 'Basic abc']) {
        const res = await send('GET', path, { headers: { authorization } });
        expect(res.status, `${route} with ${authorization}: ${res.text}`).toBeLessThan(500);
      }
    }
  });

  it('unknown routes and methods are 404 with the error shape', async () => {
    expect4xx(await send('GET', '/v1/nothing-here', {}), 'unknown route', 404);
    expect4xx(await send('PUT', '/v1/agents', { body: {} }), 'unknown method', 404);
    expect4xx(await send('GET', `/v1/${'a'.repeat(90)}`, {}), 'long url', 404);
    // A path segment longer than any id is refused whatever route it is on (the router's maxParamLength).
    expect4xx(await send('GET', `/v1/${'a'.repeat(5000)}`, {}), 'long path segment', 414);
  });
});
