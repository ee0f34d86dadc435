import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, screenshot, SKIP_BROWSER } from '../testing/browser';
import { eventually, startUiPlatform } from '../testing/ui-platform';
import type { UiPlatform } from '../testing/ui-platform';

// The web UI in a real Chromium against the real platform: ranked matches between house bots, rated in
// one-second periods, then the leaderboard, the agents, a profile, the match list and an event.

let p: UiPlatform;
let browser: Browser;
let matchIds: string[] = [];

async function playRanked(count: number): Promise<string[]> {
  const { random, honest, heuristic } = p.house as Record<string, string>;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    // Only the operator queues ranked matches through the API (everyone else uses the ranked queue).
    ids.push(await p.h.queueMatch(p.h.adminKey, [random, honest, heuristic] as string[], { ranked: true }));
  }
  for (const id of ids) expect((await p.h.waitForMatch(id)).status).toBe('finished');
  return ids;
}

beforeAll(async () => {
  if (SKIP_BROWSER) return;
  [p, browser] = await Promise.all([startUiPlatform({ EVENTS_ENABLED: 'true' }), launchBrowser()]);
  // Two batches in different rating periods, so the profile's history has two points.
  matchIds = await playRanked(2);
  await eventually('the first rating period', async () => {
    const res = await p.h.api<{ ratingHistory: unknown[] }>('GET', `/v1/agents/${p.house.random}`);
    return res.body.ratingHistory.length >= 1 ? true : undefined;
  });
  matchIds.push(...(await playRanked(1)));
  await eventually('a second rating period', async () => {
    const res = await p.h.api<{ ratingHistory: unknown[] }>('GET', `/v1/agents/${p.house.random}`);
    return res.body.ratingHistory.length >= 2 ? true : undefined;
  });
});

afterAll(async () => {
  await browser?.close();
  await p?.stop();
});

describe.skipIf(SKIP_BROWSER)('web UI pages', () => {
  it('the leaderboard lists the rated agents, and a click opens a profile with its chart and stats', async () => {
    const w = await openPage(browser, p.h.url);
    const { page } = w;
    await page.goto('/');
    const rows = page.locator('table.leaderboard tbody tr');
    await rows.first().waitFor();
    // Every built-in kind is a house agent (issue 22): random, honest, heuristic, people, search-1..3.
    expect(await rows.count()).toBe(7);
    const text = await page.locator('table.leaderboard').innerText();
    for (const name of ['house-random', 'house-honest', 'house-heuristic']) expect(text).toContain(name);
    expect(await rows.first().locator('td').first().innerText()).toBe('1');
    expect(await page.locator('table.leaderboard .badge', { hasText: 'provisional' }).count()).toBe(7);
    expect(await page.title()).toBe('Leaderboard · Coup Arena');
    await screenshot(page, 'leaderboard');

    // Client-side navigation (no reload): the profile.
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole('link', { name: 'house-random' }).click();
    await page.waitForURL(`**/agents/${p.house.random}`);
    await page.getByRole('heading', { level: 1, name: /house-random/ }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await page.locator('.chart-plot canvas').first().waitFor();
    const stats = await page.locator('main').innerText();
    for (const label of [
      'Conservative',
      'Bluff rate',
      'Challenge rate',
      'Challenge success',
      'Block rate',
      'Fault rate',
      'Latency p50',
      'Latency p95',
    ]) {
      expect(stats).toContain(label);
    }
    expect(await page.locator('section[aria-labelledby="h-matches"] tbody tr').count()).toBe(3);
    await screenshot(page, 'agent');

    // Back to the leaderboard with the browser's history.
    await page.goBack();
    await page.locator('table.leaderboard tbody tr').first().waitFor();
    expect(w.problems).toEqual([]);
    await w.close();
  });

  it('lists agents and matches, with filters and a reload on a deep link', async () => {
    const w = await openPage(browser, p.h.url);
    const { page } = w;
    await page.goto('/agents');
    await page.getByRole('link', { name: 'house-heuristic' }).waitFor();
    await page.getByLabel('Kind').selectOption('true');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL('**/agents?house=true');
    await page.getByRole('link', { name: 'house-honest' }).waitFor();

    await page.goto(`/matches?status=finished&ranked=true&agent=${p.house.honest}`);
    const rows = page.locator('main table tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(matchIds.length);
    expect(await page.getByLabel('Status').inputValue()).toBe('finished');
    await page.getByLabel('Status').selectOption('running');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('No match matches these filters.').waitFor();
    await screenshot(page, 'matches');
    expect(w.problems).toEqual([]);
    await w.close();
  });

  it('shows an event with its standings and rounds', async () => {
    const { random, honest, heuristic } = p.house as Record<string, string>;
    const created = await p.h.api<{ id: string }>('POST', '/v1/events', {
      key: p.h.adminKey,
      body: {
        name: 'Autumn Cup',
        format: 'round_robin',
        seatsPerMatch: 3,
        rounds: 1,
        entry: 'list',
        agents: [random, honest, heuristic],
      },
    });
    expect(created.status).toBe(201);
    const eventId = created.body.id;
    await eventually(
      'the event to finish',
      async () => {
        const res = await p.h.api<{ status: string }>('GET', `/v1/events/${eventId}`);
        return res.body.status === 'finished' ? true : undefined;
      },
      30_000,
    );

    const w = await openPage(browser, p.h.url);
    const { page } = w;
    await page.goto('/events');
    // Both the list and the event's page name its ruleset (the default, original).
    const listed = page.locator('tbody tr', { hasText: 'Autumn Cup' });
    expect(await listed.locator('.badge.ruleset').getAttribute('data-ruleset')).toBe('original');
    await page.getByRole('link', { name: 'Autumn Cup' }).click();
    await page.waitForURL(`**/events/${eventId}`);
    expect(await page.locator('h1 .badge.ruleset').innerText()).toBe('Original');
    const standings = page.locator('section[aria-labelledby="h-standings"] tbody tr');
    await standings.first().waitFor();
    expect(await standings.count()).toBe(3);
    expect(await standings.first().locator('td').first().innerText()).toBe('1');
    expect(await page.locator('section[aria-labelledby="h-rounds"] tbody tr').count()).toBe(1);
    await screenshot(page, 'event');
    expect(w.problems).toEqual([]);
    await w.close();
  });

  it('the leaderboard switches between the rulesets’ ladders, with the ladder in its URL', async () => {
    const { random, honest } = p.house as Record<string, string>;
    const inquisitors = await p.h.queueMatch(p.h.adminKey, [random, honest] as string[], {
      ranked: true,
      ruleset: 'inquisitors',
    });
    expect((await p.h.waitForMatch(inquisitors)).status).toBe('finished');
    const gamesOf = (body: { items: { agent: { id: string }; games: number }[] }, id: string) =>
      body.items.find((e) => e.agent.id === id)?.games;
    await eventually('the inquisitors ladder to count the match', async () => {
      const res = await p.h.api<{ items: { agent: { id: string }; games: number }[] }>(
        'GET',
        '/v1/leaderboard?ruleset=inquisitors',
      );
      return gamesOf(res.body, random as string) === 1 ? true : undefined;
    });

    const w = await openPage(browser, p.h.url);
    const { page } = w;
    const gamesCell = (name: string) =>
      page.locator('table.leaderboard tbody tr', { hasText: name }).locator('td').nth(6).innerText();
    const ladderSwitch = page.getByRole('navigation', { name: 'Ruleset' });
    await page.goto('/');
    await page.locator('table.leaderboard.ladder-original tbody tr').first().waitFor();
    expect(await ladderSwitch.getByRole('link').allInnerTexts()).toEqual(['Original', 'Inquisitors']);
    expect(await ladderSwitch.locator('[aria-current="page"]').innerText()).toBe('Original');
    expect(await gamesCell('house-random')).toBe(String(matchIds.length));

    await ladderSwitch.getByRole('link', { name: 'Inquisitors' }).click();
    await page.waitForURL('**/?ruleset=inquisitors');
    await page.locator('table.leaderboard.ladder-inquisitors tbody tr').first().waitFor();
    expect(await ladderSwitch.locator('[aria-current="page"]').innerText()).toBe('Inquisitors');
    expect(await page.locator('table.leaderboard caption').innerText()).toMatch(/^Inquisitors ladder/);
    expect(await gamesCell('house-random')).toBe('1');
    expect(await gamesCell('house-heuristic')).toBe('0');
    // The provisional filter keeps the ladder.
    expect(await page.getByRole('link', { name: 'Hide provisional agents' }).getAttribute('href')).toBe(
      '/?ruleset=inquisitors&established=true',
    );
    await screenshot(page, 'leaderboard-inquisitors');

    // A deep link (a reload) opens the same ladder; back returns to the original one.
    await page.reload();
    await page.locator('table.leaderboard.ladder-inquisitors tbody tr').first().waitFor();
    expect(await gamesCell('house-random')).toBe('1');
    await page.goBack();
    await page.waitForURL((u) => u.search === '');
    await page.locator('table.leaderboard.ladder-original tbody tr').first().waitFor();
    expect(await gamesCell('house-random')).toBe(String(matchIds.length));

    // The match list names each match's ruleset.
    await page.goto(`/matches?agent=${random}&ranked=true`);
    const row = (id: string) =>
      page.locator('main table tbody tr', { hasText: id }).locator('.badge.ruleset');
    expect(await row(inquisitors).innerText()).toBe('Inquisitors');
    expect(await row(matchIds[0] as string).innerText()).toBe('Original');

    // The profile shows the Inquisitor game's figures apart from the original game's.
    await page.goto(`/agents/${random}`);
    const inq = page.locator('section.ruleset-figures[data-ruleset="inquisitors"]');
    expect(await inq.getByRole('heading').innerText()).toBe('In the Inquisitors game');
    expect(await inq.innerText()).toContain('in 1 finished ranked Inquisitors matches');
    expect(await page.locator('section.ruleset-figures').count()).toBe(1);
    expect(w.problems).toEqual([]);
    await w.close();
  });
});
