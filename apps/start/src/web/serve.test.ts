import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness } from '../testing/harness';
import type { Harness } from '../testing/harness';

// How the API serves the web UI: index.html for `/` and every client-side route, the bundle under
// /assets/, and the API's own JSON 404 for unknown API paths.

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ worker: false });
});

afterAll(async () => {
  await h?.stop();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${h.url}${path}`, { headers });

describe('web UI serving', () => {
  it('serves index.html for / and every client-side route', async () => {
    for (const path of [
      '/',
      '/leaderboard',
      '/agents',
      '/agents/ag_x1',
      '/matches?status=running',
      '/matches/mt_abc',
      '/live/mt_abc',
      '/events',
      '/events/ev_1',
      '/no/such/page',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html, path).toContain('<main id="main"');
      expect(html, path).toMatch(/<script type="module" src="\/assets\/app\.js\?v=[\w-]+"><\/script>/);
    }
  });

  it('serves the bundle and its stylesheet with ETags, outside the rate limit', async () => {
    const js = await get('/assets/app.js');
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(js.headers.get('x-ratelimit-limit')).toBeNull();
    const etag = js.headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await js.text()).length).toBeGreaterThan(10_000);
    expect((await get('/assets/app.js', { 'if-none-match': etag ?? '' })).status).toBe(304);
    const css = await get('/assets/app.css');
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await css.text()).toContain('.board');
  });

  it('keeps the API JSON 404 for unknown API paths, missing assets and file-like paths', async () => {
    for (const path of [
      '/v1/nothing-here',
      '/v1',
      '/assets/nope.js',
      '/favicon.ico',
      '/admin/nothing',
      '/docs/nothing.json',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      const body = (await res.json()) as { error?: { code?: string } };
      expect(body.error?.code, path).toBe('not_found');
    }
    // Other methods are not the web UI's.
    const put = await fetch(`${h.url}/agents`, { method: 'PUT' });
    expect(put.status).toBe(404);
  });

  it('leaves the API, its documentation and operations routes as they were', async () => {
    expect((await get('/v1/leaderboard')).headers.get('content-type')).toMatch(/json/);
    expect((await get('/openapi.json')).headers.get('content-type')).toMatch(/json/);
    expect((await get('/healthz')).status).toBe(200);
    const docs = await get('/docs');
    expect(docs.status).toBe(200);
    expect(await docs.text()).not.toContain('<main id="main"');
  });
});
