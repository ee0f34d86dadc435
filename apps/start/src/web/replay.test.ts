import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { z } from 'zod';
import { seatStats } from '@coup/competition';
import { Replay } from '@coup/protocol';
import { launchBrowser, openPage, screenshot, SKIP_BROWSER } from '../testing/browser';
import { uniqueName } from '../testing/harness';
import { startUiPlatform } from '../testing/ui-platform';
import type { UiPlatform } from '../testing/ui-platform';

// The replay viewer in a real Chromium: stepping turn by turn (buttons, keys, slider), the final ranking,
// the seed and its commitment, and the seat view, which never shows another seat's face-down cards.

let p: UiPlatform;
let browser: Browser;
let matchId: string;
let ranking: number[][];
let names: string[];

beforeAll(async () => {
  if (SKIP_BROWSER) return;
  [p, browser] = await Promise.all([startUiPlatform(), launchBrowser()]);
  const { random, honest, heuristic } = p.house as Record<string, string>;
  matchId = await p.h.queueMatch(p.owner.key, [heuristic, random, honest] as string[], {
    seed: 'web-ui-test',
  });
  const m = await p.h.waitForMatch(matchId);
  expect(m.status).toBe('finished');
  ranking = m.ranking ?? [];
  names = m.seats.map((s) => s.agent.name);
});

afterAll(async () => {
  await browser?.close();
  await p?.stop();
});

const position = (page: Page) => page.locator('.replay .position').innerText();

/** For every frame from the current one to the last: what the board shows, read in the page. */
function readAllFrames(page: Page) {
  return page.evaluate(() => {
    const frames: {
      title: string;
      seats: { seat: number; known: number; hidden: number; lost: number }[];
    }[] = [];
    const next = document.querySelector<HTMLButtonElement>('button[data-step="next"]');
    for (;;) {
      frames.push({
        title: document.querySelector('.frame-title')?.textContent ?? '',
        seats: [...document.querySelectorAll<HTMLElement>('.board .seat')].map((el) => ({
          seat: Number(el.dataset.seat),
          known: el.querySelectorAll('.card.face-down.known').length,
          hidden: el.querySelectorAll('.card.face-down.hidden').length,
          lost: el.querySelectorAll('.card.revealed').length,
        })),
      });
      if (!next || next.disabled) return frames;
      next.click();
    }
  });
}

describe.skipIf(SKIP_BROWSER)('replay viewer', () => {
  it('steps through the match turn by turn and shows the final ranking and the seed', async () => {
    const w = await openPage(browser, p.h.url);
    const { page } = w;
    await page.goto(`/matches/${matchId}`);
    await page.locator('.replay').waitFor();
    expect(await position(page)).toMatch(/^Deal · step 0 of \d+$/);
    const last = Number(/of (\d+)$/.exec(await position(page))?.[1]);
    expect(last).toBeGreaterThan(2);
    // Omniscient: every card of the deal is known.
    expect(await page.locator('.board .card.face-down.known').count()).toBe(6);
    expect(await page.locator('.board .card.hidden').count()).toBe(0);

    await page.getByRole('button', { name: 'Next', exact: true }).click();
    expect(await position(page)).toMatch(/^Turn 0 · step 1 of/);
    await page.keyboard.press('ArrowRight');
    expect(await position(page)).toMatch(/^Turn 1 · step 2 of/);
    await page.keyboard.press('ArrowLeft');
    expect(await position(page)).toMatch(/^Turn 0 · step 1 of/);
    expect(await page.locator('.frame-events li').count()).toBeGreaterThan(0);
    expect(await page.locator('table.decisions tbody tr').count()).toBeGreaterThan(0);
    expect(await page.locator('table.decisions').innerText()).toMatch(/\d ms/);
    expect(page.url()).toContain('step=1');

    await page.keyboard.press('End');
    expect(await position(page)).toMatch(new RegExp(`step ${last} of ${last}$`));
    expect(await page.locator('.frame-events').innerText()).toMatch(/game over/);
    await page.locator('#replay-step').fill('2');
    expect(await position(page)).toMatch(/step 2 of/);

    // The final ranking, best first, and the revealed seed with its commitment checked.
    const places = await page.locator('ol.ranking li').allInnerTexts();
    expect(places).toHaveLength(ranking.length);
    ranking.forEach((seats, i) => seats.forEach((s) => expect(places[i]).toContain(names[s] as string)));
    await page.getByText('sha256(seed) equals the commitment').waitFor();
    expect(await page.locator('main').innerText()).toContain('web-ui-test');
    await screenshot(page, 'replay');

    // A reload keeps the turn (the step is in the URL).
    await page.reload();
    await page.locator('.replay').waitFor();
    expect(await position(page)).toMatch(/step 2 of/);

    // On a phone-sized screen nothing overflows sideways (wide tables scroll in their own box).
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'replay-mobile');
    expect(w.problems).toEqual([]);
    await w.close();
  });

  it("a seat's view shows its own cards and never another seat's face-down cards", async () => {
    const w = await openPage(browser, p.h.url);
    const { page } = w;
    await page.goto(`/matches/${matchId}`);
    await page.getByRole('link', { name: `Seat 1: ${names[1]}` }).click();
    await page.waitForURL(`**/matches/${matchId}?seat=1`);
    await page.locator('.replay').waitFor();
    expect(await page.getByRole('link', { name: `Seat 1: ${names[1]}` }).getAttribute('aria-current')).toBe(
      'page',
    );

    const frames = await readAllFrames(page);
    expect(frames.length).toBeGreaterThan(2);
    // The deal: seat 1 knows its 2 cards, and nobody else's.
    expect(frames[0]?.seats.find((s) => s.seat === 1)).toMatchObject({ known: 2, hidden: 0 });
    for (const f of frames) {
      for (const s of f.seats) {
        if (s.seat !== 1) expect(s.known, `${f.title}, seat ${s.seat}`).toBe(0);
        else expect(s.hidden, `${f.title}, own seat`).toBe(0);
      }
    }
    // Other seats keep face-down cards that the view does not name, at least at the start.
    expect(frames[0]?.seats.filter((s) => s.seat !== 1).every((s) => s.hidden === 2)).toBe(true);
    // What the seat was sent, with its latency.
    await page.getByRole('button', { name: 'First', exact: true }).click();
    await page.keyboard.press('ArrowRight');
    await screenshot(page, 'seat-view');
    expect(w.problems).toEqual([]);
    await w.close();
  });

  it('marks every bluff (a claim the cards did not hold) on its claim, caught by a challenge or not', async () => {
    // Random bots bluff often, but the house bots' choices also follow the match id (a new one each match), so
    // a match now and then has none: up to five matches are played for one that has.
    const { random, heuristic } = p.house as Record<string, string>;
    let id = '';
    let replay: z.infer<typeof Replay> | null = null;
    let bluffs = 0;
    for (let tries = 0; tries < 5 && bluffs === 0; tries++) {
      id = await p.h.queueMatch(p.owner.key, [random, heuristic, random] as string[], { seed: 'web-bluffs' });
      expect((await p.h.waitForMatch(id)).status).toBe('finished');
      replay = Replay.parse((await p.h.api('GET', `/v1/matches/${id}/replay`)).body);
      // What the platform counts as bluffs for the profiles (seat-stats re-runs the hidden state too).
      bluffs = seatStats(replay).reduce((n, s) => n + s.bluffs, 0);
    }
    expect(bluffs).toBeGreaterThan(0);
    const caught = replay!.events.filter((e) => e.type === 'challenged' && !e.truthful).length;

    const w = await openPage(browser, p.h.url);
    const { page } = w;
    await page.goto(`/matches/${id}`);
    await page.locator('.replay').waitFor();
    const shown = await page.evaluate(() => {
      const marks: string[] = [];
      let decisions = 0;
      const next = document.querySelector<HTMLButtonElement>('button[data-step="next"]');
      for (;;) {
        for (const li of document.querySelectorAll('.frame-events li.ev-bluff'))
          marks.push(li.querySelector('.badge.bluff')?.textContent ?? '');
        decisions += document.querySelectorAll('table.decisions .badge.bluff').length;
        if (!next || next.disabled) return { marks, decisions };
        next.click();
      }
    });
    expect(shown.marks).toHaveLength(bluffs);
    expect(shown.decisions).toBe(bluffs);
    for (const m of shown.marks) expect(m).toMatch(/^bluff: held no [A-Z][a-z]+ · (caught|not challenged)$/);
    expect(shown.marks.filter((m) => m.endsWith('caught'))).toHaveLength(caught);
    expect(shown.marks.filter((m) => m.endsWith('not challenged'))).toHaveLength(bluffs - caught);
    await page.goto(`/matches/${id}`);
    await page.locator('.replay').waitFor();
    while ((await page.locator('.frame-events li.ev-bluff').count()) === 0)
      await page.keyboard.press('ArrowRight');
    await screenshot(page, 'replay-bluff');
    expect(w.problems).toEqual([]);
    await w.close();
  });

  it('shows faults with their reasons and the forfeit they lead to', async () => {
    // An agent nobody answers for: every decision is a fault, and the third forfeits its seat.
    const dead = await p.h.registerAgent(p.owner.key, {
      name: uniqueName('dead'),
      endpointUrl: 'http://127.0.0.1:9',
    });
    const id = await p.h.queueMatch(p.owner.key, [dead.id, p.house.random as string], { timeoutMs: 500 });
    expect((await p.h.waitForMatch(id)).status).toBe('finished');
    const w = await openPage(browser, p.h.url);
    const { page } = w;
    await page.goto(`/matches/${id}`);
    await page.locator('.replay').waitFor();
    const faults: string[] = [];
    const forfeits: string[] = [];
    while (await page.getByRole('button', { name: 'Next', exact: true }).isEnabled()) {
      await page.keyboard.press('ArrowRight');
      faults.push(...(await page.locator('table.decisions .fault').allInnerTexts()));
      forfeits.push(...(await page.locator('.frame-events li', { hasText: 'forfeits' }).allInnerTexts()));
    }
    expect(faults.length).toBeGreaterThanOrEqual(3);
    for (const f of faults) expect(f).toMatch(/^[a-z ]+: .+/);
    expect(forfeits.join('\n')).toContain('too many faults');
    expect(w.problems).toEqual([]);
    await w.close();
  });

  it('says kindly that events are disabled, and shows a not-found page for unknown routes', async () => {
    const w = await openPage(browser, p.h.url);
    const { page } = w;
    await page.goto('/events');
    await page.getByText('does not run official events').waitFor();
    await page.goto('/events/ev_nothing');
    await page.getByText('does not run official events').waitFor();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(w.problems).toEqual([]);
    await w.close();
  });
});
