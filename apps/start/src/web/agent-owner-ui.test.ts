import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { createBot } from '@coup/bots';
import { startStandInLlm, STAND_IN_SHARP } from '@coup/llm/testing';
import type { StandInServer } from '@coup/llm/testing';
import { createAgent } from '@coup/sdk';
import type { ListeningAgent } from '@coup/sdk';
import type { Agent } from '@coup/api-contract/types';
import { launchBrowser, openPage, screenshot, SKIP_BROWSER } from '../testing/browser';
import type { WatchedPage } from '../testing/browser';
import { uniqueName } from '../testing/harness';
import { startUiPlatform } from '../testing/ui-platform';
import type { UiPlatform } from '../testing/ui-platform';

// What an owner does with an agent from its page and from My agents, in a real Chromium: register ws and
// llm agents (an llm agent has no secret to keep), see the API's own errors next to the field they are
// about, check an llm agent (tokens and cost in the operator's currency), replace a secret (the agent
// with the old one faults, as the check shows, and its matches' faults and forfeit stand out), pause and
// resume, edit the strategy prompt, open a table against it, delete it after confirming.

const MODEL = 'stand-in-7b';

let stand: StandInServer;
let p: UiPlatform;
let browser: Browser;
const running: ListeningAgent[] = [];

beforeAll(async () => {
  if (SKIP_BROWSER) return;
  stand = await startStandInLlm({ models: [MODEL] });
  [p, browser] = await Promise.all([
    startUiPlatform({
      LLM_BASE_URL: stand.baseUrl,
      LLM_MODELS: JSON.stringify([{ name: MODEL, promptPricePerMTok: 2, completionPricePerMTok: 8 }]),
    }),
    launchBrowser(),
  ]);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(running.map((a) => a.close()));
  await p?.stop();
  await stand?.close();
});

function httpAgent(port: number, secret: string): Promise<ListeningAgent> {
  const bot = createBot('random', { seed: 'owner-ui' });
  return createAgent({ secret, onError: () => undefined, decide: (req) => bot.decide(req) })
    .listen(port)
    .then((a) => (running.push(a), a));
}

async function signedIn(key: string, permissions?: string[]): Promise<WatchedPage> {
  const w = await openPage(browser, p.h.url, permissions ? { permissions } : {});
  await w.page.goto('/account');
  await w.page.evaluate((k) => localStorage.setItem('coup.apiKey', k), key);
  return w;
}

/** The API's 400 details for a body, as "body.x: message" lines. */
async function apiProblems(method: 'POST' | 'PATCH', path: string, body: unknown, key: string) {
  const res = await p.h.api<{ error: { details?: { path: string; message: string }[] } }>(method, path, {
    body,
    key,
  });
  expect(res.status, res.text).toBe(400);
  return (res.body.error.details ?? []).map((d) => `${d.path}: ${d.message}`).sort();
}

const problemsIn = async (page: Page, form: string) =>
  (await page.locator(`${form} .form-problems li`).allInnerTexts()).sort();

/** Registers an agent from My agents; the page is left showing the result. */
async function register(page: Page, name: string, transport: RegExp, extra?: () => Promise<void>) {
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByRole('radio', { name: transport }).check();
  await extra?.();
  await page.getByRole('button', { name: 'Register agent' }).click();
}

describe.skipIf(SKIP_BROWSER)("an agent's owner in the web UI", () => {
  it('registers ws and llm agents, shows the API errors at their fields, checks an llm agent with its tokens and cost', async () => {
    const owner = await p.h.createAccount(uniqueName('owner'));
    const w = await signedIn(owner.key);
    const { page } = w;
    await page.goto('/my/agents');
    await page.getByRole('button', { name: 'Register agent' }).waitFor();
    await screenshot(page, 'owner-my-agents');

    // A WebSocket agent: its secret, shown once, and how to connect with it.
    const wsName = uniqueName('my-ws');
    await register(page, wsName, /WebSocket: your agent/);
    const ws = page.locator('.registered');
    await ws.locator('.agent-secret').waitFor();
    expect(await ws.innerText()).toContain(`/v1/agents/connect', secret)`);
    expect(await ws.innerText()).toContain('Keep it');

    // A hosted model: the picker lists the operator's models with their prices' currency; no secret.
    await page.getByRole('radio', { name: /Hosted model: the platform/ }).check();
    expect(await page.getByLabel('Model', { exact: true }).innerText()).toContain(
      `${MODEL} (2 in / 8 out, USD per million tokens)`,
    );
    const llmName = uniqueName('my-llm');
    await register(page, llmName, /Hosted model: the platform/, () =>
      page.getByLabel('Strategy prompt', { exact: true }).fill(`Play carefully. ${STAND_IN_SHARP}`),
    );
    await page.locator('.registered', { hasText: llmName }).waitFor();
    const llm = await page.locator('.registered').innerText();
    expect(await page.locator('.registered .agent-secret').count()).toBe(0);
    expect(await page.locator('.registered button.copy').count()).toBe(0);
    expect(llm).toContain(`The platform plays it with ${MODEL}: there is no secret to keep.`);
    expect(llm).not.toMatch(/keep it|shown only this once/i);
    await screenshot(page, 'owner-llm-registered');

    // What only the API knows comes back in its words, at the field it is about.
    await register(page, llmName, /WebSocket: your agent/);
    const taken = page.locator('.register-form .form-problems');
    await taken.getByText(`the agent name "${llmName}" is taken`).waitFor();
    await register(page, uniqueName('metadata'), /HTTP: the platform/, () =>
      page.getByLabel('Endpoint URL').fill('http://169.254.169.254/'),
    );
    const endpointError = page.locator('.field[data-field="endpointUrl"] .field-error');
    await endpointError.waitFor();
    expect(await endpointError.innerText()).toMatch(/169\.254\.169\.254|link-local|metadata/);
    expect(await page.getByLabel('Endpoint URL').getAttribute('aria-invalid')).toBe('true');
    // And what the schema knows, before anything is sent.
    await register(page, 'a b', /WebSocket: your agent/);
    expect(await problemsIn(page, '.register-form')).toEqual(
      await apiProblems('POST', '/v1/agents', { name: 'a b', transport: 'ws' }, owner.key),
    );

    // The llm agent's page: a check calls the model; tokens, and today's cost in the operator's currency.
    await page.locator('table.my-agents').getByRole('link', { name: llmName }).click();
    await page.getByRole('button', { name: 'Check: send a sample decision' }).click();
    const result = page.locator('.check-result');
    await result.waitFor();
    expect(await result.locator('.check-verdict').innerText()).toMatch(/^legal answer in /);
    expect(await result.locator('.check-llm summary').innerText()).toMatch(
      new RegExp(`^${MODEL} · [\\d,]+ \\+ [\\d,]+ tokens · 0 retries`),
    );
    // Played by the platform: no secret to replace.
    expect(await page.getByRole('button', { name: 'New secret…' }).count()).toBe(0);
    await page.reload();
    const today = page.locator('.llm-today');
    await today.waitFor();
    expect(await today.innerText()).toMatch(/Cost today\s+0\.\d{4} USD/);
    await screenshot(page, 'owner-llm-check');
    // The author's pages fit a phone: nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 740 });
    for (const path of [page.url(), '/my/agents', '/account', '/experiments/new']) {
      await page.goto(path);
      await page.locator('main h1').waitFor();
      await page.waitForLoadState('networkidle');
      const fits = await page.evaluate(
        () => document.documentElement.scrollWidth <= document.documentElement.clientWidth,
      );
      expect(fits, path).toBe(true);
    }
    await screenshot(page, 'owner-phone');
    // The two refusals asked for (the taken name, the metadata address), and nothing else went wrong.
    const refused = (x: string) =>
      [`HTTP 409: ${p.h.url}/v1/agents`, `HTTP 400: ${p.h.url}/v1/agents`].includes(x) ||
      /^console: Failed to load resource: .* (409 \(Conflict\)|400 \(Bad Request\))$/.test(x);
    expect(w.problems.filter((x) => !refused(x))).toEqual([]);
    expect(w.problems.filter(refused)).toHaveLength(4);
    await w.close();
  }, 120_000);

  it('replaces a secret (the old one faults), pauses, edits the prompt, opens a table against it, deletes it', async () => {
    const owner = await p.h.createAccount(uniqueName('owner'));
    const name = uniqueName('my-bot');
    const first = await p.h.registerAgent(owner.key, { name, endpointUrl: 'http://127.0.0.1:9' });
    const agent = await httpAgent(0, first.secret);
    await p.h.api('PATCH', `/v1/agents/${first.id}`, { key: owner.key, body: { endpointUrl: agent.url } });
    const w = await signedIn(owner.key, ['clipboard-read', 'clipboard-write']);
    const { page } = w;
    await page.goto(`/agents/${first.id}`);

    // A new secret, after confirming; the agent still holds the old one, so the next check faults.
    await page.getByRole('button', { name: 'New secret…' }).click();
    await page.getByRole('button', { name: 'No, keep it' }).click();
    await page.getByRole('button', { name: 'New secret…' }).click();
    await page.getByRole('button', { name: 'Yes, replace the secret' }).click();
    const secretEl = page.locator('.owner-output .agent-secret');
    await secretEl.waitFor();
    const secret = await secretEl.innerText();
    expect(secret).not.toBe(first.secret);
    await page.getByRole('button', { name: 'Copy Agent secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.getByRole('button', { name: 'Check: send a sample decision' }).click();
    const result = page.locator('.check-result');
    await result.waitFor();
    expect(await result.locator('.check-verdict').innerText()).toMatch(/^fault in .*: http status — .*401/);

    // Its matches meanwhile fault and forfeit: they stand out in its list.
    const matchId = await p.h.queueMatch(owner.key, [first.id, p.house.random as string]);
    expect((await p.h.waitForMatch(matchId, 60_000)).status).toBe('finished');
    await page.reload();
    const row = page.locator('section[aria-labelledby="h-matches"] tbody tr.troubled');
    await row.waitFor();
    expect(await row.innerText()).toMatch(/3 faults[\s\S]*forfeited/);
    await screenshot(page, 'owner-faults');

    // With the new secret the agent answers again.
    await agent.close();
    await httpAgent(agent.port, secret);
    await page.getByRole('button', { name: 'Check: send a sample decision' }).click();
    await page.locator('.check-result.ok').waitFor();

    // Pause and resume.
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await page.getByRole('button', { name: 'Resume' }).waitFor();
    expect(await page.locator('.page-head .badge', { hasText: 'paused' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Join the ranked queue' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByRole('button', { name: 'Pause', exact: true }).waitFor();

    // The strategy prompt, and an endpoint the schema refuses in the API's words.
    await page.getByLabel('Endpoint URL').fill('not a url');
    await page.getByRole('button', { name: 'Save' }).click();
    expect(await problemsIn(page, '.settings-form')).toEqual(
      await apiProblems('PATCH', `/v1/agents/${first.id}`, { endpointUrl: 'not a url' }, owner.key),
    );
    await page.getByLabel('Endpoint URL').fill(`http://127.0.0.1:${agent.port}`);
    await page.getByLabel('Strategy prompt', { exact: true }).fill('Challenge every Duke.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved.').waitFor();
    const saved = (await p.h.api<Agent>('GET', `/v1/agents/${first.id}`, { key: owner.key })).body;
    expect(saved.strategyPrompt).toBe('Challenge every Duke.');
    await screenshot(page, 'owner-panel');

    // A table against it: the play page opens with it ticked.
    await page.getByRole('link', { name: 'Play against it' }).click();
    await page.waitForURL(`**/play?opponent=${first.id}`);
    expect(await page.getByLabel(name).isChecked()).toBe(true);
    expect(await page.locator('#table-seat option').allInnerTexts()).toEqual(['Seat 0', 'Seat 1']);
    // The seat picker promises no turn order; with nobody ticked, the form says what the API would.
    expect(await page.locator('.table-form').innerText()).toContain('Who plays first is drawn');
    await page.getByLabel(name).uncheck();
    await page.getByRole('button', { name: 'Open the table' }).click();
    expect(await problemsIn(page, '.table-form')).toEqual(
      await apiProblems('POST', '/v1/tables', { opponents: [], seat: 0 }, owner.key),
    );

    // Delete, after confirming.
    await page.goto(`/agents/${first.id}`);
    await page.getByRole('button', { name: 'Delete agent…' }).click();
    await page.getByRole('button', { name: 'Yes, delete it' }).click();
    await page.waitForURL('**/my/agents?deleted=*');
    await page.getByText(`Deleted ${name}.`).waitFor();
    expect(await page.locator('table.my-agents', { hasText: name }).count()).toBe(0);
    expect((await p.h.api('GET', `/v1/agents/${first.id}`)).status).toBe(404);
    expect(w.problems.filter((x) => !x.startsWith('HTTP 404') || !x.includes(first.id))).toEqual([]);
    await w.close();
  }, 120_000);
});
