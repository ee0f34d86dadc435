import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { startStandInLlm } from '@coup/llm/testing';
import type { StandInServer } from '@coup/llm/testing';
import type { Agent, Experiment } from '@coup/api-contract/types';
import { createBot } from '@coup/bots';
import { createAgent } from '@coup/sdk';
import type { ListeningAgent } from '@coup/sdk';
import { launchBrowser, openPage, screenshot, SKIP_BROWSER } from '../testing/browser';
import { uniqueName } from '../testing/harness';
import { eventually, startUiPlatform } from '../testing/ui-platform';
import type { UiPlatform } from '../testing/ui-platform';

// The agent author's home, end to end in a real Chromium and without curl: a new person signs up, registers
// an HTTP agent (a loopback SDK agent that checks signatures with the secret the page showed once), checks
// it, queues it, sees it play a ranked match and get a live rating, then starts a prompt experiment (the
// llm stand-in as the model) and cancels it. Forms say what the API would say, in its words, and the API
// key never goes into a URL.

const MODEL = 'stand-in-7b';

let stand: StandInServer;
let p: UiPlatform;
let browser: Browser;
let agent: ListeningAgent | undefined;
/** Decision requests the author's agent answered. */
let answered = 0;

/** The author's agent: a random bot over HTTP, checking signatures once it has its secret. */
function startAgent(port: number, secret?: string): Promise<ListeningAgent> {
  const bot = createBot('random', { seed: 'author' });
  return createAgent({
    name: 'mine',
    ...(secret ? { secret } : {}),
    onError: () => undefined,
    decide: (req) => {
      answered++;
      return bot.decide(req);
    },
  }).listen(port);
}

beforeAll(async () => {
  if (SKIP_BROWSER) return;
  // The experiment's model answers after a minute: the experiment is certainly running when cancelled.
  stand = await startStandInLlm({ models: [MODEL], behave: () => ({ slowMs: 60_000 }) });
  [p, browser] = await Promise.all([
    startUiPlatform({
      LLM_BASE_URL: stand.baseUrl,
      LLM_MODELS: JSON.stringify([{ name: MODEL, promptPricePerMTok: 1, completionPricePerMTok: 2 }]),
      MATCHMAKER_INTERVAL_MS: '500',
      // Periods of 30 days: the live rating the test looks for on the profile and then the leaderboard
      // stays live (with 1 s periods it was stored between the two looks whenever no ranked match was
      // pending at that moment, and the leaderboard showed no live mark).
      RATING_PERIOD_MS: String(30 * 24 * 3_600_000),
    }),
    launchBrowser(),
  ]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await agent?.close();
  await p?.stop();
  await stand?.close();
});

/** What the API answers to `body` at `path`: its 400's details, as "body.x: message" lines. */
async function apiProblems(path: string, body: unknown, key?: string): Promise<string[]> {
  const res = await p.h.api<{ error: { details?: { path: string; message: string }[] } }>('POST', path, {
    body,
    ...(key ? { key } : {}),
  });
  expect(res.status, res.text).toBe(400);
  return (res.body.error.details ?? []).map((d) => `${d.path}: ${d.message}`).sort();
}

const shownProblems = async (page: Page, form: string) =>
  (await page.locator(`${form} .form-problems li`).allInnerTexts()).sort();

describe.skipIf(SKIP_BROWSER)("the agent author's home", () => {
  it('signs up, registers, checks and queues an HTTP agent, sees it rated, starts and cancels an experiment', async () => {
    const w = await openPage(browser, p.h.url, { permissions: ['clipboard-read', 'clipboard-write'] });
    const { page } = w;
    const urls: string[] = [];
    page.on('request', (r) => urls.push(r.url()));
    page.on('framenavigated', (f) => urls.push(f.url()));
    const nav = page.getByRole('navigation', { name: 'Main' });

    // Sign up, from the header's Account link. A bad name is refused in the API's words, before sending.
    await page.goto('/');
    await nav.getByRole('link', { name: 'Account', exact: true }).click();
    await page.waitForURL('**/account');
    const name = uniqueName('author');
    await page.getByLabel('Name', { exact: true }).fill('x');
    await page.getByRole('button', { name: 'Create account' }).click();
    expect(await shownProblems(page, '.account-form')).toEqual(
      await apiProblems('/v1/accounts', { name: 'x' }),
    );
    expect(await page.getByLabel('Name', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Create account' }).click();
    const keyEl = page.locator('.new-key .api-key');
    await keyEl.waitFor();
    const key = await keyEl.innerText();
    expect(key).toMatch(/^ck_/);
    expect(await page.evaluate(() => localStorage.getItem('coup.apiKey'))).toBe(key);
    await page.getByRole('button', { name: 'Copy API key' }).click();
    await page.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    expect(await page.locator('main').innerText()).toContain(`Name\n${name}`);
    await screenshot(page, 'author-account');

    // My agents: register an HTTP agent. The agent runs before it has a secret; the form first says, as
    // the API does, that an http agent needs an endpoint.
    const first = await startAgent(0);
    await nav.getByRole('link', { name: 'My agents' }).click();
    await page.waitForURL('**/my/agents');
    const agentName = uniqueName('my-http');
    await page.getByLabel('Name', { exact: true }).fill(agentName);
    await page.getByRole('button', { name: 'Register agent' }).click();
    expect(await shownProblems(page, '.register-form')).toEqual(
      await apiProblems('/v1/agents', { name: agentName, transport: 'http' }, key),
    );
    await page.getByLabel('Endpoint URL').fill(first.url);
    await page.getByRole('button', { name: 'Register agent' }).click();
    const secretEl = page.locator('.registered .agent-secret');
    await secretEl.waitFor();
    const secret = await secretEl.innerText();
    expect(await page.locator('.registered').innerText()).toContain('Keep it: it is shown only this once');
    await page.getByRole('button', { name: 'Copy Agent secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.locator('table.my-agents', { hasText: agentName }).waitFor();
    await screenshot(page, 'author-registered');
    // Restarted with the secret (same address), the agent refuses requests the platform did not sign.
    await first.close();
    agent = await startAgent(first.port, secret);
    const unsigned = await fetch(`${agent.url}/decide`, { method: 'POST', body: '{}' });
    expect(unsigned.status).toBe(401);
    const href = await page
      .locator('.registered')
      .getByRole('link', { name: agentName })
      .getAttribute('href');
    const agentId = href?.split('/').pop() as string;

    // Its page: a sample decision, with the request sent and the answer.
    await page.locator('.registered').getByRole('link', { name: agentName }).click();
    await page.waitForURL(`**/agents/${agentId}`);
    await page.getByRole('button', { name: 'Check: send a sample decision' }).click();
    const result = page.locator('.check-result');
    await result.waitFor();
    expect(await result.locator('.check-verdict').innerText()).toMatch(/^legal answer in [\d.]+ ms$/);
    expect(await result.locator('.check-answer').innerText()).toContain('"type"');
    await result.getByText('The request it was sent').click();
    expect(await result.locator('.check-request pre').innerText()).toContain('"legalActions"');
    expect(answered).toBeGreaterThan(0);
    await screenshot(page, 'author-check');

    // Join the ranked queue; it plays a ranked match and gets a live rating within seconds.
    await page.getByRole('button', { name: 'Join the ranked queue' }).click();
    await page.getByRole('button', { name: 'Leave the ranked queue' }).waitFor();
    expect(await page.locator('.page-head').innerText()).toContain('in the ranked queue');
    await eventually(
      'a live rating after its first ranked match',
      async () =>
        (await p.h.api<Agent>('GET', `/v1/agents/${agentId}`)).body.rating?.live ? true : undefined,
      90_000,
    );
    await page.reload();
    await page.locator('.page-head .live-rating').waitFor();
    expect(await page.locator('section[aria-labelledby="h-rating"]').innerText()).toMatch(/Games\s+[1-9]/);
    // Its recent matches: a finished ranked one (the next may be running already).
    const finished = page.locator('section[aria-labelledby="h-matches"] tbody tr', {
      hasText: /finished\s*ranked/,
    });
    expect(await finished.count()).toBeGreaterThan(0);
    await screenshot(page, 'author-rated');
    await nav.getByRole('link', { name: 'Leaderboard' }).click();
    const row = page.locator('tbody tr', { hasText: agentName });
    await row.waitFor();
    expect(await row.locator('.live-rating').count()).toBe(1);
    await page.goto(`/agents/${agentId}`);
    await page.getByRole('button', { name: 'Leave the ranked queue' }).click();
    await page.getByRole('button', { name: 'Join the ranked queue' }).waitFor();

    // A prompt experiment from the browser: checked as the API checks it, then started and cancelled.
    await nav.getByRole('link', { name: 'Experiments' }).click();
    await page.getByRole('link', { name: 'New experiment' }).click();
    await page.waitForURL('**/experiments/new');
    await page.getByRole('button', { name: 'Start the experiment' }).click();
    expect(await shownProblems(page, '.experiment-form')).toEqual(
      await apiProblems(
        '/v1/experiments',
        { name: 'experiment', modelName: MODEL, strategyPrompts: ['', ''], opponents: [], deals: 20 },
        key,
      ),
    );
    await page.getByLabel('Name', { exact: true }).fill('honest-or-bold');
    const rows = page.locator('.prompt-row');
    await rows.nth(0).getByLabel('Label').fill('honest');
    await rows.nth(0).getByLabel('Strategy prompt').fill('Never bluff.');
    await rows.nth(1).getByLabel('Label').fill('bold');
    await rows.nth(1).getByLabel('Strategy prompt').fill('Bluff when the Duke is still hidden.');
    await page.getByRole('button', { name: 'Add a prompt' }).click();
    await rows.nth(2).getByRole('button', { name: 'Remove' }).click();
    const opponents = page.locator('fieldset.field-group');
    await opponents.getByLabel(agentName).check();
    await opponents.getByLabel('house-random').check();
    await page.getByLabel('Deals').fill('50');
    expect(await page.locator('.experiment-form').innerText()).toContain(
      '50 deals × 2 prompts = 100 matches.',
    );
    await screenshot(page, 'author-experiment-form');
    await page.getByRole('button', { name: 'Start the experiment' }).click();
    await page.waitForURL(/\/experiments\/ex_/);
    const experimentId = new URL(page.url()).pathname.split('/').pop() as string;
    await page.locator('h1', { hasText: 'honest-or-bold' }).waitFor();
    expect(await page.locator('h1').innerText()).toContain('running');
    expect(await page.locator('.experiment-progress progress').getAttribute('max')).toBe('50');
    expect(await page.locator('.experiment-progress').innerText()).toMatch(
      /0 of 50 deals complete · 0 of 100 matches played · [1-9]\d* queued or playing now/,
    );
    const created = (await p.h.api<Experiment>('GET', `/v1/experiments/${experimentId}`, { key })).body;
    expect(created.prompts.map((x) => [x.label, x.strategyPrompt])).toEqual([
      ['honest', 'Never bluff.'],
      ['bold', 'Bluff when the Duke is still hidden.'],
    ]);
    // In the order listed on the form: house agents first.
    expect(created.opponents.map((o) => o.id)).toEqual([p.house.random, agentId]);
    await screenshot(page, 'author-experiment-running');
    await page.getByRole('button', { name: 'Cancel experiment…' }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.locator('h1 .badge', { hasText: 'cancelled' }).waitFor();
    expect((await p.h.api<Experiment>('GET', `/v1/experiments/${experimentId}`)).body.status).toBe(
      'cancelled',
    );

    // Never in a URL: not the API key, not the agent's secret.
    for (const u of [...urls, page.url()]) {
      expect(u).not.toContain(key);
      expect(u).not.toContain(secret);
    }
    expect(w.problems).toEqual([]);
    await w.close();
  }, 240_000);
});
