import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, SKIP_BROWSER } from '../testing/browser';
import { uniqueName } from '../testing/harness';
import { gatedAgents, startUiPlatform } from '../testing/ui-platform';
import type { GatedAgents, UiPlatform } from '../testing/ui-platform';

// Every page the platform serves (the web UI, /docs, the queue board) carries a Content-Security-Policy
// that lets scripts, styles, fonts and connections come only from the site, plus frame, referrer and
// sniffing headers; and in a real Chromium every page loads and works under it: no policy violation, no
// request to another origin, the live view's and the table's WebSockets carry their messages.

let p: UiPlatform;
let browser: Browser;
let agents: GatedAgents | undefined;

beforeAll(async () => {
  [p, browser] = await Promise.all([
    startUiPlatform({ HUMAN_TIMEOUT_MS: '30000' }),
    SKIP_BROWSER ? Promise.resolve(undefined as unknown as Browser) : launchBrowser(),
  ]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await agents?.close();
  await p?.stop();
}, 120_000);

/** The policy's directives by name. */
function directives(csp: string | null): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values);
  }
  return out;
}

const adminAuth = () => `Basic ${Buffer.from(`operator:${p.h.adminKey}`).toString('base64')}`;

const PAGES: [string, boolean][] = [
  ['/', false],
  ['/agents', false],
  ['/matches', false],
  ['/play', false],
  ['/live/mt_none', false],
  ['/docs', false],
  ['/docs/static/index.html', false],
  ['/docs/static/oauth2-redirect.html', false],
  ['/admin/queues', true],
  ['/admin/queues/queue/anything', true],
];

describe('security headers on every page', () => {
  it.each(PAGES)('%s', async (path, admin) => {
    const res = await fetch(`${p.h.url}${path}`, admin ? { headers: { authorization: adminAuth() } } : {});
    expect(res.status, path).toBe(200);
    expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
    const csp = directives(res.headers.get('content-security-policy'));
    const scripts = csp.get('script-src') ?? csp.get('default-src') ?? [];
    expect(scripts[0], path).toBe("'self'");
    // Nothing else: no host, no scheme, no 'unsafe-inline' or 'unsafe-eval'; a nonce at most.
    for (const source of scripts.slice(1)) expect(source, path).toMatch(/^'nonce-[A-Za-z0-9+/=_-]{16,}'$/);
    expect(csp.get('connect-src'), path).toEqual(["'self'"]);
    expect(csp.get('default-src'), path).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
    expect(csp.get('object-src'), path).toEqual(["'none'"]);
    // Styles, fonts and images from the site only, inline styles by nonce (or, on the documentation and
    // the queue board, the hash of their logos' styles); nothing unsafe anywhere.
    const thirdParty = path.startsWith('/docs') || path.startsWith('/admin/');
    for (const name of ['style-src', 'font-src', 'img-src']) {
      for (const source of csp.get(name) ?? []) {
        expect(source, `${path} ${name}`).toMatch(
          thirdParty && name === 'style-src'
            ? /^('self'|'nonce-[\w+/=-]+'|'sha256-[\w+/=-]+')$/
            : /^('self'|'nonce-[\w+/=-]+'|data:)$/,
        );
      }
    }
    expect(res.headers.get('content-security-policy'), path).not.toMatch(/unsafe-|https?:|\*/);
    expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');

    // Every inline script carries the response's nonce; nothing is loaded from another origin.
    const html = await res.text();
    const nonce = scripts.find((s) => s.startsWith("'nonce-"))?.slice(7, -1);
    for (const tag of html.match(/<script\b[^>]*>/gi) ?? []) {
      if (/\bsrc\s*=/i.test(tag)) {
        expect(tag, path).not.toMatch(/\bsrc\s*=\s*["']?(https?:)?\/\//i);
      } else {
        expect(tag, path).toContain(`nonce="${nonce}"`);
      }
    }
    expect(html, path).not.toMatch(/\b(href|src)\s*=\s*["']?(https?:)?\/\//i);
  });

  it('the API answers and the assets carry them too', async () => {
    for (const path of ['/v1/leaderboard', '/healthz', '/v1/nothing', '/assets/app.js', '/openapi.json']) {
      const res = await fetch(`${p.h.url}${path}`);
      expect(res.headers.get('content-security-policy'), path).toMatch(/frame-ancestors 'none'/);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    }
  });
});

interface Watched {
  page: Page;
  context: BrowserContext;
  problems: string[];
  /** WebSocket messages received, by socket URL. */
  frames: Map<string, number>;
}

/** A page that records policy violations, console errors, failed requests and any other origin asked. */
async function watchedPage(o: { admin?: boolean } = {}): Promise<Watched> {
  const origin = new URL(p.h.url).origin;
  const context = await browser.newContext({
    baseURL: p.h.url,
    ...(o.admin ? { httpCredentials: { username: 'operator', password: p.h.adminKey } } : {}),
  });
  const page = await context.newPage();
  const problems: string[] = [];
  const frames = new Map<string, number>();
  // Injected by the browser's debugging protocol, so the policy does not apply to it.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || '(inline)'}`);
    });
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (url.protocol !== 'data:' && url.origin !== origin) problems.push(`other origin: ${req.url()}`);
  });
  page.on('requestfailed', (req) => {
    if (!/ERR_ABORTED/.test(req.failure()?.errorText ?? '')) problems.push(`failed: ${req.url()}`);
  });
  page.on('websocket', (ws) => {
    if (new URL(ws.url()).host !== new URL(p.h.url).host) problems.push(`other origin: ${ws.url()}`);
    ws.on('framereceived', () => frames.set(ws.url(), (frames.get(ws.url()) ?? 0) + 1));
    ws.on('socketerror', (err) => problems.push(`websocket error: ${err}`));
  });
  return { page, context, problems, frames };
}

describe.skipIf(SKIP_BROWSER)('the pages in Chromium, under the policy', () => {
  it('the web UI pages load with no violation and nothing from another origin', async () => {
    const w = await watchedPage();
    for (const path of [
      '/',
      '/agents',
      '/matches',
      '/events',
      '/experiments',
      '/experiments/new',
      '/datasets',
      '/play',
      '/account',
      '/my/agents',
    ]) {
      await w.page.goto(path);
      await w.page.locator('main h1, main h2').first().waitFor();
    }
    await w.page.goto(`/agents/${p.house.honest}`);
    await w.page.locator('main h1').first().waitFor();
    expect(w.problems).toEqual([]);
    await w.context.close();
  });

  it("an author's forms, checked in the browser with the API's zod schemas, run under the policy", async () => {
    const w = await watchedPage();
    const { page } = w;
    await page.goto('/account');
    // Checked by the schema in the page (zod, without eval), then by the API.
    await page.getByLabel('Name', { exact: true }).fill('x');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.locator('.account-form .form-problems li').first().waitFor();
    await page.getByLabel('Name', { exact: true }).fill(uniqueName('csp-author'));
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.locator('.new-key .api-key').waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My agents' }).click();
    await page.getByRole('button', { name: 'Register agent' }).click();
    await page.locator('.register-form .form-problems li').first().waitFor();
    await page.getByLabel('Name', { exact: true }).fill(uniqueName('csp-agent'));
    await page.getByRole('radio', { name: /WebSocket: your agent/ }).check();
    await page.getByRole('button', { name: 'Register agent' }).click();
    await page.locator('.registered .agent-secret').waitFor();
    await page.goto('/experiments/new');
    await page.locator('main h1').waitFor();
    expect(w.problems).toEqual([]);
    await w.context.close();
  });

  it('the live view gets its moves over the WebSocket', async () => {
    agents = await gatedAgents(p, { free: 4, delayMs: 20 });
    const w = await watchedPage();
    const id = await p.h.queueMatch(p.owner.key, agents.ids, { timeoutMs: 15_000 });
    await w.page.goto(`/live/${id}`);
    await agents.held;
    await w.page.locator('.live-log li').nth(2).waitFor();
    agents.release();
    await w.page.locator('.live-result ol.ranking li').first().waitFor({ timeout: 45_000 });
    expect([...w.frames.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(2);
    await w.page.goto(`/matches/${id}`);
    await w.page.locator('.replay').waitFor();
    expect(w.problems).toEqual([]);
    await w.context.close();
  }, 90_000);

  it('a person at a table answers over the WebSocket', async () => {
    const w = await watchedPage();
    const { page } = w;
    await page.goto('/play');
    await page.getByLabel(/^Name/).fill(uniqueName('csp'));
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(/Signed in as/).waitFor();
    await page.getByLabel('house-heuristic').check();
    await page.getByRole('button', { name: 'Open the table' }).click();
    await page.waitForURL(/\/tables\/mt_/);
    const answer = page.locator('.answers button.answer:enabled').first();
    await answer.waitFor({ timeout: 45_000 });
    const decision = await page.locator('.answers').getAttribute('data-decision');
    await answer.click();
    await page.waitForFunction(
      (id) =>
        document.querySelector('.chosen')?.textContent?.startsWith('You chose:') ||
        document.querySelector<HTMLElement>('.answers')?.dataset.decision !== id,
      decision,
    );
    expect(w.frames.get(`${p.h.wsUrl}/v1/agents/connect`) ?? 0).toBeGreaterThan(0);
    expect(w.problems).toEqual([]);
    await w.context.close();
  }, 90_000);

  it('the API documentation works: it reads the OpenAPI document and calls the API', async () => {
    const w = await watchedPage();
    await w.page.goto('/docs');
    await w.page.getByText('Coup Arena API').first().waitFor();
    await w.page.locator('.opblock').first().waitFor();
    const health = await w.page.evaluate(async () => (await fetch('/healthz')).status);
    expect(health).toBe(200);
    expect(w.problems).toEqual([]);
    await w.context.close();
  });

  it('the queue board works, with no font or script from another site', async () => {
    const w = await watchedPage({ admin: true });
    await w.page.goto('/admin/queues');
    await w.page
      .getByText(/matches/i)
      .first()
      .waitFor();
    const fonts = await w.page.evaluate(() =>
      [...document.querySelectorAll('link[rel="stylesheet"]')].map((l) => (l as HTMLLinkElement).href),
    );
    for (const href of fonts) expect(new URL(href).origin).toBe(new URL(p.h.url).origin);
    expect(w.problems).toEqual([]);
    await w.context.close();
  });
});
