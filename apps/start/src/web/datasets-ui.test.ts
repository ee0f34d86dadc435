import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Agent } from '@coup/api-contract/types';
import { decodedGame } from '@coup/archive';
import { gameBuilder, randomGame } from '@coup/archive/testing';
import { insertHumanDataset } from '@coup/api/testing';
import { launchBrowser, openPage, screenshot, SKIP_BROWSER } from '../testing/browser';
import { startUiPlatform } from '../testing/ui-platform';
import type { UiPlatform } from '../testing/ui-platform';

// Human datasets in the web UI: the list, a dataset's page (counts, checks, baselines, games with filters
// and paging), and a human game stepped through turn by turn with the keyboard and the buttons.

let p: UiPlatform;
let browser: Browser;
let datasetId: string;

const known = gameBuilder([
  { id: 'alice', cards: ['duke', 'captain'] },
  { id: 'ai', cards: ['assassin', 'contessa'] },
  { id: 'bob', cards: ['ambassador', 'duke'] },
])
  .turn(0, 'tax')
  .turn(1, 'steal', { target: 0, challenge: { by: 0, success: true } })
  .turn(2, 'foreign-aid', { leaves: 1, block: { by: 0, role: 'duke', challenge: { success: false } } })
  .turn(0, 'assassinate', { target: 2 })
  .end(0);

beforeAll(async () => {
  if (SKIP_BROWSER) return;
  [p, browser] = await Promise.all([startUiPlatform(), launchBrowser()]);
  const games = [decodedGame.parse(known)];
  for (let i = 0; i < 40; i++) {
    games.push(
      randomGame(500 + i, { playerCount: 2 + (i % 4), gameType: i % 5 === 4 ? 'inquisitors' : 'original' }),
    );
  }
  datasetId = await insertHumanDataset(p.h.platform.runtime.prisma, {
    name: 'treason-sample',
    games,
    badReasons: { truncated: 4 },
    // Two games differ from our engine only where the archive's server plays by other rules.
    replayStatus: (g, i) =>
      g.gameType === 'inquisitors' ? 'not_replayed' : i === 1 || i === 2 ? 'rules_differ' : 'agreed',
    replayDifferences: (_, i) =>
      i === 1
        ? ['assassination_refund', 'action_after_game_over']
        : i === 2
          ? ['action_after_game_over']
          : [],
    warnings: ['games.json.gz: 7 bytes after the end of the gzip data were ignored'],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await p?.stop();
});

describe.skipIf(SKIP_BROWSER)('human datasets in the web UI', () => {
  it('lists datasets, shows one with its baselines and games, and steps through a game', async () => {
    const w = await openPage(browser, p.h.url);
    const { page } = w;
    await page.goto('/');
    await page.locator('.site-header nav a', { hasText: 'Human games' }).click();
    const row = page.locator('tbody tr', { hasText: 'treason-sample' });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/41\s+4\s+31 of 33 agree, 2 differ by known rules/);
    await screenshot(page, 'datasets');

    await row.locator('a', { hasText: 'treason-sample' }).click();
    await page.locator('h1', { hasText: 'treason-sample' }).waitFor();
    expect(await page.locator('h1').innerText()).toContain('human games');
    const main = page.locator('main');
    expect(await main.innerText()).toContain('truncated');
    // The known differences of rules, by class, with what their server does and how many games.
    const refund = page.locator('tr[data-difference="assassination_refund"]');
    expect(await refund.innerText()).toMatch(/assassination_refund\s+.*refunds the 3 coins.*\s+1$/);
    expect(await page.locator('tr[data-difference="action_after_game_over"]').innerText()).toMatch(/\s2$/);
    expect(await page.locator('ul.warnings').innerText()).toContain('7 bytes after the end of the gzip data');
    // The baselines: people's bluff rate among the headline figures, and the per-role table.
    expect(await page.locator('table.baselines').first().innerText()).toMatch(/Bluff rate\s+\d+\.\d%/);
    expect(await main.innerText()).toContain('Claims and bluffs per role');

    // Games: 25 a page, then "Load more"; filters narrow the list.
    const games = page.locator('section[aria-labelledby="h-games"] tbody tr');
    expect(await games.count()).toBe(25);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => games.count()).toBe(41);
    await page.locator('#f-gameType').selectOption('inquisitors');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/gameType=inquisitors/);
    await expect.poll(() => games.count()).toBe(8);
    expect(await games.allInnerTexts()).toEqual(
      expect.arrayContaining([expect.stringContaining('inquisitors')]),
    );
    await screenshot(page, 'dataset');
    await page.setViewportSize({ width: 375, height: 800 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 1200, height: 900 });

    // A game that differs by known rules says which.
    await page.goto(`/datasets/${datasetId}/games/2`);
    await page.locator('h1', { hasText: 'Human game #2' }).waitFor();
    expect(await page.locator('ul.differences').innerText()).toMatch(
      /assassination_refund: .*since mid-2017/,
    );

    await page.goto(`/datasets/${datasetId}`);
    await games.first().locator('a', { hasText: '#1' }).click();
    await page.locator('h1', { hasText: 'Human game #1' }).waitFor();
    expect(await page.locator('h1').innerText()).toContain('human games');
    const stage = page.locator('.human-replay .stage');
    expect(await stage.locator('.frame-title').innerText()).toBe('Turn 1: alice');
    expect(await stage.innerText()).toContain('alice: tax claiming Duke (true).');
    // The keyboard steps forward; the buttons too.
    await page.keyboard.press('ArrowRight');
    expect(await stage.innerText()).toContain('alice challenged and caught the bluff');
    await page.getByRole('button', { name: 'Next' }).click();
    const turn3 = await stage.innerText();
    expect(turn3).toContain('computer (seat 1) left the game.');
    expect(turn3).toContain('alice blocked with Duke (true).');
    expect(turn3).toContain('The action was blocked.');
    expect(await stage.locator('.seat[data-seat="0"] .coins').innerText()).toBe('5 coins');
    await page.keyboard.press('End');
    expect(await stage.locator('.frame-title').innerText()).toBe('Game over: alice won');
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    expect(page.url()).toContain('step=4');
    await page.keyboard.press('Home');
    expect(await stage.locator('.frame-title').innerText()).toBe('Turn 1: alice');
    await screenshot(page, 'human-game');

    // Phone width: nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    expect(w.problems).toEqual([]);
    await w.close();
  });

  it("an agent's profile shows people's figures beside its own", async () => {
    const agent = await p.h.registerAgent(p.owner.key, {
      name: 'compared',
      endpointUrl: 'http://127.0.0.1:9',
    });
    const profile = await p.h.api<Agent>('GET', `/v1/agents/${agent.id}`);
    const b = profile.body.humanBaseline!;
    expect(b.datasetId).toBe(datasetId);
    const w = await openPage(browser, p.h.url);
    await w.page.goto(`/agents/${agent.id}`);
    const section = w.page.locator('section.human-comparison');
    await section.waitFor();
    const text = await section.innerText();
    expect(text).toContain(
      `People bluff on ${((b.bluffRate ?? 0) * 100).toFixed(1)}% of their claims; this agent –`,
    );
    expect(text).toMatch(/People bluff Duke \d+\.\d%/);
    await section.locator('a', { hasText: 'treason-sample' }).click();
    await w.page.locator('h1', { hasText: 'treason-sample' }).waitFor();
    expect(w.problems).toEqual([]);
    await w.close();
  });

  it('an unknown dataset is a clear message', async () => {
    const w = await openPage(browser, p.h.url);
    await w.page.goto('/datasets/hds_nothing');
    await w.page.locator('.error').waitFor();
    expect(await w.page.locator('.error').innerText()).toContain('not found');
    await w.close();
  });
});
