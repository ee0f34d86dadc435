import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { startStandInLlm, STAND_IN_DULL, STAND_IN_SHARP } from '@coup/llm/testing';
import type { StandInServer } from '@coup/llm/testing';
import type { Experiment } from '@coup/api-contract/types';
import { launchBrowser, openPage, screenshot, SKIP_BROWSER } from '../testing/browser';
import { eventually, startUiPlatform } from '../testing/ui-platform';
import type { UiPlatform } from '../testing/ui-platform';

// Prompt experiments in the web UI: the list, and an experiment's page with its prompts, the paired
// differences (significance marked), the chart (uPlot, drawn on a canvas) and every deal linked to its match;
// its owner cancels a running one there.

const MODEL = 'stand-in-7b';
const DEALS = 12;

let stand: StandInServer;
let p: UiPlatform;
let browser: Browser;
let experiment: Experiment;
/** Set by the cancel test: the model then answers after a minute, so the experiment stays running. */
let slowModel = false;

beforeAll(async () => {
  if (SKIP_BROWSER) return;
  stand = await startStandInLlm({
    models: [MODEL],
    behave: () => (slowModel ? { slowMs: 60_000 } : 'play'),
  });
  [p, browser] = await Promise.all([
    startUiPlatform({ LLM_BASE_URL: stand.baseUrl, LLM_MODELS: MODEL, LLM_TIMEOUT_MS: '15000' }),
    launchBrowser(),
  ]);
  const res = await p.h.api<Experiment>('POST', '/v1/experiments', {
    key: p.owner.key,
    body: {
      name: 'ui-experiment',
      modelName: MODEL,
      strategyPrompts: [`Be careless. ${STAND_IN_DULL}`, `Be careful. ${STAND_IN_SHARP}`],
      labels: ['dull', 'sharp'],
      opponents: [p.house.random],
      deals: DEALS,
      seed: 'ui-seed',
    },
  });
  expect(res.status, res.text).toBe(201);
  experiment = await eventually(
    'the experiment to finish',
    async () => {
      const e = await p.h.api<Experiment>('GET', `/v1/experiments/${res.body.id}`);
      return e.body.status === 'finished' ? e.body : undefined;
    },
    120_000,
  );
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await p?.stop();
  await stand?.close();
});

describe.skipIf(SKIP_BROWSER)('experiments in the web UI', () => {
  it('lists experiments, and shows one with its results, chart and deals', async () => {
    const w = await openPage(browser, p.h.url);
    const { page } = w;
    await page.goto('/experiments');
    const row = page.locator('tbody tr', { hasText: 'ui-experiment' });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/finished\s+stand-in-7b\s+dull, sharp\s+12 of 12/);
    await screenshot(page, 'experiments');

    await row.locator('a', { hasText: 'ui-experiment' }).click();
    await page.locator('h1', { hasText: 'ui-experiment' }).waitFor();
    expect(await page.locator('h1').innerText()).toContain('finished');
    const prompts = await page.locator('table.experiment-prompts').innerText();
    expect(prompts).toMatch(/dull \(baseline\)\s+12\s+\d+\s+\d+\.\d%\s+\d\.\d\d/);
    const [dull, sharp] = experiment.prompts;
    expect(prompts).toContain(`${((sharp!.winRate ?? 0) * 100).toFixed(1)}%`);
    expect(prompts).toContain(`${((dull!.winRate ?? 0) * 100).toFixed(1)}%`);
    const c = experiment.comparisons[0]!;
    const diff = await page.locator('table.experiment-comparisons tbody tr').innerText();
    expect(diff).toContain('sharp');
    const d = c.winRate.difference ?? 0;
    expect(diff).toContain(`${d > 0 ? '+' : ''}${(d * 100).toFixed(1)}%`);
    expect(diff).toContain(c.winRate.significant ? 'significant' : 'not significant');
    // The chart is drawn (a canvas of uPlot) with a legend naming the compared prompt.
    const chart = page.locator('.experiment-chart');
    await chart.locator('canvas').waitFor();
    // The legend names what is drawn, with no placeholder values ("--") and one entry per interval.
    const legend = chart.locator('.u-legend');
    const entries = (await legend.locator('tr').filter({ visible: true }).allInnerTexts()).map((t) =>
      t.trim(),
    );
    expect(entries).toEqual(['0: no difference from dull', 'sharp − dull', 'sharp: 95% interval']);
    expect(await legend.innerText()).not.toContain('--');
    // Every deal, each prompt's place linked to its match.
    const deals = page.locator('table.experiment-deals tbody tr');
    expect(await deals.count()).toBe(DEALS);
    const firstMatch = experiment.dealResults[0]!.matches[1]!.matchId;
    expect(await deals.first().locator(`a[href="/matches/${firstMatch}"]`).count()).toBe(1);
    expect(await page.locator('main').innerText()).toContain('Seed ui-seed');
    await screenshot(page, 'experiment');

    await deals.first().locator(`a[href="/matches/${firstMatch}"]`).click();
    await page.locator('h1', { hasText: firstMatch }).waitFor();
    expect(w.problems).toEqual([]);
    await w.close();
  });

  it('explains an interval of exactly [0, 0]: the deals so far could not tell the prompts apart', async () => {
    // Two identical prompts heads-up: the stand-in answers the same messages the same way and house bots
    // answer by the deal, so each deal ends alike for both and every paired difference is 0.
    const res = await p.h.api<Experiment>('POST', '/v1/experiments', {
      key: p.owner.key,
      body: {
        name: 'ui-twins',
        modelName: MODEL,
        strategyPrompts: ['Play.', 'Play.'],
        labels: ['first', 'twin'],
        opponents: [p.house.random],
        deals: 3,
      },
    });
    expect(res.status, res.text).toBe(201);
    const done = await eventually(
      'the twins to finish',
      async () => {
        const e = await p.h.api<Experiment>('GET', `/v1/experiments/${res.body.id}`);
        return e.body.status === 'finished' ? e.body : undefined;
      },
      120_000,
    );
    expect([done.comparisons[0]?.winRate.ciLow, done.comparisons[0]?.winRate.ciHigh]).toEqual([0, 0]);
    const w = await openPage(browser, p.h.url);
    const { page } = w;
    await page.goto(`/experiments/${res.body.id}`);
    await page.locator('h1', { hasText: 'ui-twins' }).waitFor();
    expect(await page.locator('table.experiment-comparisons').innerText()).toContain(
      'twin\t0.0% [0.0%, 0.0%]',
    );
    const explained = page.locator('section[aria-labelledby="h-differences"] .note', {
      hasText: 'exactly [0, 0]',
    });
    expect(await explained.innerText()).toContain('have not told them apart yet');
    await screenshot(page, 'experiment-zero-interval');
    // An experiment whose prompts differed has no such note.
    await page.goto(`/experiments/${experiment.id}`);
    await page.locator('h1', { hasText: 'ui-experiment' }).waitFor();
    if (experiment.comparisons[0]?.winRate.ciLow !== 0 || experiment.comparisons[0]?.winRate.ciHigh !== 0)
      expect(await page.getByText('exactly [0, 0]').count()).toBe(0);
    expect(w.problems).toEqual([]);
    await w.close();
  }, 150_000);

  it('starts an inquisitors experiment from the form (agents that do not play it disabled), shows its badge, and filters the match list by ruleset', async () => {
    const originalOnly = await p.h.registerAgent(p.owner.key, {
      name: 'ui-original-only',
      endpointUrl: 'http://127.0.0.1:9',
    });
    const w = await openPage(browser, p.h.url);
    const { page } = w;
    await page.goto('/');
    await page.evaluate((key) => localStorage.setItem('coup.apiKey', key), p.owner.key);
    await page.goto('/experiments/new');
    const form = page.locator('.experiment-form');
    await form.waitFor();
    const box = `input[value="${originalOnly.id}"]`;
    const mine = form.locator(box);
    expect(await mine.isDisabled()).toBe(false);
    await page.getByLabel('Ruleset').selectOption('inquisitors');
    // The agent that plays only the original game cannot be ticked, and says why; house bots play both.
    expect(await mine.isDisabled()).toBe(true);
    expect(await form.locator('label', { has: page.locator(box) }).innerText()).toContain(
      '(plays Original only)',
    );
    expect(await form.innerText()).toContain('Inquisitors: 15 cards');
    await page.getByLabel('Name', { exact: true }).fill('ui-inquisitors');
    const rows = page.locator('.prompt-row');
    await rows.nth(0).getByLabel('Strategy prompt').fill(`Play. ${STAND_IN_DULL}`);
    await rows.nth(1).getByLabel('Strategy prompt').fill(`Play carefully. ${STAND_IN_SHARP}`);
    await form.getByLabel('house-random').check();
    await page.getByLabel('Deals').fill('1');
    await page.getByRole('button', { name: 'Start the experiment' }).click();
    await page.waitForURL(/\/experiments\/ex_/);
    const id = new URL(page.url()).pathname.split('/').pop() as string;
    await page.locator('h1', { hasText: 'ui-inquisitors' }).waitFor();
    expect(await page.locator('h1 .badge.ruleset').innerText()).toBe('Inquisitors');
    const done = await eventually(
      'the inquisitors experiment to finish',
      async () => {
        const e = await p.h.api<Experiment>('GET', `/v1/experiments/${id}`);
        return e.body.status === 'finished' ? e.body : undefined;
      },
      60_000,
    );
    expect(done.ruleset).toBe('inquisitors');
    const played = done.dealResults.flatMap((d) => d.matches.map((m) => m.matchId));
    expect(played).toHaveLength(2);

    await page.goto('/experiments');
    const row = page.locator('tbody tr', { hasText: 'ui-inquisitors' });
    await row.waitFor();
    expect(await row.locator('.badge.ruleset').getAttribute('data-ruleset')).toBe('inquisitors');
    const other = page.locator('tbody tr', { hasText: 'ui-experiment' });
    expect(await other.locator('.badge.ruleset').getAttribute('data-ruleset')).toBe('original');

    // The match list's ruleset filter: only this experiment's two matches were played by inquisitors.
    await page.goto('/matches');
    await page.locator('#f-ruleset').selectOption('inquisitors');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/\/matches\?ruleset=inquisitors$/);
    const matchRows = page.locator('table tbody tr');
    await expect.poll(() => matchRows.count()).toBe(2);
    const ids = await matchRows.locator('td:first-child code').allInnerTexts();
    expect(ids.sort()).toEqual([...played].sort());
    expect(await matchRows.locator('.badge.ruleset').allInnerTexts()).toEqual(['Inquisitors', 'Inquisitors']);
    await screenshot(page, 'matches-ruleset-filter');
    // The other ruleset lists none of them; a reload keeps the filter chosen.
    await page.locator('#f-ruleset').selectOption('original');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/ruleset=original/);
    await matchRows.first().waitFor();
    const originals = await matchRows.locator('td:first-child code').allInnerTexts();
    expect(originals.filter((m) => played.includes(m))).toEqual([]);
    expect(new Set(await matchRows.locator('.badge.ruleset').allInnerTexts())).toEqual(new Set(['Original']));
    await page.reload();
    await matchRows.first().waitFor();
    expect(await page.locator('#f-ruleset').inputValue()).toBe('original');
    expect(w.problems).toEqual([]);
    await w.close();
  }, 120_000);

  it('lets the owner cancel a running experiment from its page, after confirming; nobody else sees it', async () => {
    slowModel = true;
    const res = await p.h.api<Experiment>('POST', '/v1/experiments', {
      key: p.owner.key,
      body: {
        name: 'ui-cancel',
        modelName: MODEL,
        strategyPrompts: ['Bluff rarely.', 'Bluff often.'],
        opponents: [p.house.random],
        deals: 50,
      },
    });
    expect(res.status, res.text).toBe(201);
    const id = res.body.id;
    const w = await openPage(browser, p.h.url);
    const { page } = w;
    // Signed out, or signed in as another account: no cancel button.
    await page.goto(`/experiments/${id}`);
    await page.locator('h1', { hasText: 'ui-cancel' }).waitFor();
    expect(await page.locator('.experiment-cancel').count()).toBe(0);
    const other = await p.h.createAccount();
    await page.evaluate((key) => localStorage.setItem('coup.apiKey', key), other.key);
    await page.reload();
    await page.locator('h1', { hasText: 'ui-cancel' }).waitFor();
    expect(await page.locator('.experiment-cancel').count()).toBe(0);

    await page.evaluate((key) => localStorage.setItem('coup.apiKey', key), p.owner.key);
    await page.reload();
    const start = page.getByRole('button', { name: 'Cancel experiment…' });
    await start.waitFor();
    await start.click();
    // A second click confirms; the page holds its refresh meanwhile (it refreshes every 3 s).
    await new Promise((r) => setTimeout(r, 4000));
    expect(await page.locator('.experiment-cancel').innerText()).toContain(
      'completed deals keep their results',
    );
    expect((await p.h.api<Experiment>('GET', `/v1/experiments/${id}`)).body.status).toBe('running');
    await screenshot(page, 'experiment-cancel');
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.locator('h1 .badge', { hasText: 'cancelled' }).waitFor();
    expect(await page.locator('.experiment-cancel').count()).toBe(0);
    expect(await page.locator('main').innerText()).toMatch(/· cancelled \w/);

    const after = (await p.h.api<Experiment>('GET', `/v1/experiments/${id}`)).body;
    expect(after.status).toBe('cancelled');
    expect(after.progress.matchesActive).toBe(0);
    const matches = await p.h.db.prisma.match.findMany({ where: { group: { experimentId: id } } });
    for (const m of matches.filter((x) => x.status !== 'finished')) {
      expect([m.status, m.abortReason]).toEqual(['aborted', 'cancelled']);
    }
    expect(w.problems).toEqual([]);
    await w.close();
  }, 60_000);
});
