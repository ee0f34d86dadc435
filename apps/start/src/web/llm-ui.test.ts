import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startStandInLlm, STAND_IN_SHARP } from '@coup/llm/testing';
import type { StandInServer } from '@coup/llm/testing';
import { uniqueName } from '../testing/harness';
import { launchBrowser, openPage, screenshot, SKIP_BROWSER } from '../testing/browser';
import { startUiPlatform } from '../testing/ui-platform';
import type { UiPlatform } from '../testing/ui-platform';

// Hosted llm agents in the web UI: each decision of the replay viewer shows the model's calls (model,
// tokens, retries, raw answer), and the agent's profile shows tokens per decision and cost per match; to
// its signed-in owner, also today's model tokens against the daily budget, and why it left the queue.

let stand: StandInServer;
let p: UiPlatform;
let browser: Browser;
let agentId: string;
let matchId: string;

beforeAll(async () => {
  if (SKIP_BROWSER) return;
  stand = await startStandInLlm();
  [p, browser] = await Promise.all([
    startUiPlatform({
      LLM_BASE_URL: stand.baseUrl,
      LLM_MODELS: '[{"name":"stand-in-7b","promptPricePerMTok":2,"completionPricePerMTok":8}]',
    }),
    launchBrowser(),
  ]);
  const { random, heuristic } = p.house as Record<string, string>;
  agentId = (
    await p.h.registerAgent(p.owner.key, {
      name: uniqueName('llm-ui'),
      transport: 'llm',
      modelName: 'stand-in-7b',
      strategyPrompt: STAND_IN_SHARP,
    })
  ).id;
  matchId = await p.h.queueMatch(p.h.adminKey, [agentId, random as string, heuristic as string], {
    ranked: true,
  });
  expect((await p.h.waitForMatch(matchId, 60_000)).status).toBe('finished');
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await p?.stop();
  await stand?.close();
});

describe.skipIf(SKIP_BROWSER)('llm agents in the web UI', () => {
  it("shows each decision's model calls in the replay viewer, and tokens and cost on the profile", async () => {
    const w = await openPage(browser, p.h.url);
    const { page } = w;
    await page.goto(`/matches/${matchId}?step=1`);
    await page.locator('.replay').waitFor();
    // Find a frame with a decision of the llm seat (seat 0) whose model call was answered: on a loaded
    // machine a reaction's call can be cut when the window closes before the stand-in answers (the viewer
    // shows that as "aborted"; a later decision is answered).
    const summary = page.locator('details.llm summary').first();
    const details = page.locator('details.llm').first();
    for (let i = 0; i < 60; i++) {
      if ((await summary.count()) > 0) {
        const calls = await details.locator('.llm-call').allTextContents();
        if (!calls[0]?.includes('aborted')) break;
      }
      await page.keyboard.press('ArrowRight');
    }
    expect(await summary.innerText()).toMatch(/^stand-in-7b · [\d,]+ \+ [\d,]+ tokens · 0 retries · /);
    await summary.click();
    expect(await details.locator('.llm-call').first().innerText()).toMatch(/first: answer \(HTTP 200\)/);
    expect(await details.locator('.llm-raw').first().innerText()).toContain('"action"');
    await screenshot(page, 'replay-llm');

    await page.goto(`/agents/${agentId}`);
    const usage = page.locator('.llm-usage');
    await usage.waitFor({ timeout: 20_000 });
    const text = await usage.innerText();
    expect(text).toMatch(/Prompt tokens \/ decision\s+[\d,.]+/);
    // In the currency of the operator's prices (LLM_CURRENCY, USD by default).
    expect(text).toMatch(/Cost \/ match\s+0\.\d{4} USD/);
    await screenshot(page, 'profile-llm');
    expect(w.problems).toEqual([]);
    await w.close();
  });

  it("shows its owner today's model tokens, the daily budget, the cost and why it left the ranked queue", async () => {
    const reason = 'left the ranked queue (llm_budget_exhausted): account x has spent its daily model budget';
    await p.h.platform.runtime.prisma.agent.update({
      where: { id: agentId },
      data: { inQueue: false, queueReason: reason },
    });
    const w = await openPage(browser, p.h.url);
    const { page } = w;
    // A visitor sees neither.
    await page.goto(`/agents/${agentId}`);
    await page.locator('.llm-usage').waitFor({ timeout: 20_000 });
    expect(await page.locator('.llm-today').count()).toBe(0);
    expect(await page.locator('.queue-reason').count()).toBe(0);
    // The owner, signed in with the account's key.
    await page.evaluate((key) => localStorage.setItem('coup.apiKey', key), p.owner.key);
    await page.goto(`/agents/${agentId}`);
    const today = page.locator('.llm-today');
    await today.waitFor({ timeout: 20_000 });
    const me = await p.h.api<{ llmUsage: { used: number } }>('GET', '/v1/accounts/me', { key: p.owner.key });
    const used = me.body.llmUsage.used.toLocaleString('en');
    expect(me.body.llmUsage.used).toBeGreaterThan(0);
    const text = await today.innerText();
    expect(text).toMatch(new RegExp(`This agent\\s+${used}`));
    expect(text).toMatch(new RegExp(`Your account\\s+${used}`));
    expect(text).toMatch(/Daily budget\s+2,000,000/);
    expect(text).toMatch(/Cost today\s+0\.\d{4} USD/);
    expect(await page.locator('.queue-reason').innerText()).toContain(reason);
    await screenshot(page, 'profile-llm-owner');
    expect(w.problems).toEqual([]);
    await w.close();
  });
});
