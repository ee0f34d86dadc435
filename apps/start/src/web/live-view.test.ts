import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshot, SKIP_BROWSER } from '../testing/browser';
import { gatedAgents, startUiPlatform } from '../testing/ui-platform';
import type { GatedAgents, UiPlatform } from '../testing/ui-platform';

// The live view in a real Chromium: a match is watched while it runs (its agents hold a decision until
// the test has looked), updates appear as they arrive over the WebSocket, then the result and a link to
// the replay.

let p: UiPlatform;
let browser: Browser;
let agents: GatedAgents | undefined;

beforeAll(async () => {
  if (SKIP_BROWSER) return;
  [p, browser] = await Promise.all([startUiPlatform(), launchBrowser()]);
  agents = await gatedAgents(p, { free: 4, delayMs: 40 });
});

afterAll(async () => {
  await browser?.close();
  await agents?.close();
  await p?.stop();
});

describe.skipIf(SKIP_BROWSER)('live view', () => {
  it('shows the moves of a running match as they arrive, then the result', async () => {
    const w = await openPage(browser, p.h.url);
    const { page } = w;
    const a = agents as GatedAgents;
    const id = await p.h.queueMatch(p.owner.key, a.ids, { timeoutMs: 15_000 });
    await page.goto(`/live/${id}`);
    await page.getByText('Live: updates appear as they happen.').waitFor();

    // Moves while the match is still running (the agents hold their 5th decision).
    await a.held;
    await page.locator('.live-log li').nth(2).waitFor();
    const during = await p.h.api<{ status: string }>('GET', `/v1/matches/${id}`);
    expect(during.body.status).toBe('running');
    expect(await page.locator('.live-result').innerText()).toBe('');
    expect(await page.locator('.live-stage .board .seat').count()).toBe(2);
    // A spectator sees no face-down card.
    expect(await page.locator('.live-stage .card.known').count()).toBe(0);
    const early = await page.locator('.live-log li').count();
    await screenshot(page, 'live-running');

    // More moves arrive without a reload, then the result.
    a.release();
    await page
      .locator('.live-log li')
      .nth(early + 2)
      .waitFor();
    await page.locator('.live-result ol.ranking li').first().waitFor({ timeout: 45_000 });
    await page.getByText('The match has ended.').waitFor();
    const match = await p.h.waitForMatch(id);
    expect(match.status).toBe('finished');
    const winner = match.seats.find((s) => s.place === 1)?.agent.name ?? '?';
    expect(await page.locator('.live-result ol.ranking li').first().innerText()).toContain(winner);

    // Every public event arrived once.
    const replay = await p.h.api<{ events: unknown[] }>('GET', `/v1/matches/${id}/replay`);
    expect(await page.locator('.live-log li').count()).toBe(replay.body.events.length);
    await screenshot(page, 'live-ended');

    await page.getByRole('link', { name: 'Open the full replay' }).click();
    await page.waitForURL(`**/matches/${id}`);
    await page.locator('.replay').waitFor();
    expect(w.problems).toEqual([]);
    await w.close();
  });
});
