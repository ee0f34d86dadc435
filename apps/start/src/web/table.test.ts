import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { Replay } from '@coup/protocol';
import type { DecisionStep } from '@coup/protocol';
import { launchBrowser, openPage, screenshot, SKIP_BROWSER } from '../testing/browser';
import { uniqueName } from '../testing/harness';
import { answered, nextTurn, noSideScroll } from '../testing/table-page';
import { startUiPlatform } from '../testing/ui-platform';
import type { UiPlatform } from '../testing/ui-platform';

// A person at the table in a real Chromium: signs up on the play page, opens a table against a house bot,
// plays the whole match by clicking (and by keyboard: Tab and Enter, number keys), sees the result, and the
// replay of their seat shows their decisions. At phone width nothing scrolls sideways.

let p: UiPlatform;
let browser: Browser;

beforeAll(async () => {
  if (SKIP_BROWSER) return;
  [p, browser] = await Promise.all([startUiPlatform({ HUMAN_TIMEOUT_MS: '30000' }), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await p?.stop();
});

describe.skipIf(SKIP_BROWSER)('a person at the table', () => {
  it('signs up, opens a table, plays it to the end by clicking and by keyboard; the replay shows their decisions', async () => {
    const w = await openPage(browser, p.h.url);
    const { page } = w;
    const name = uniqueName('person');
    await page.goto('/');
    await page.getByRole('link', { name: 'Play' }).click();
    await page.waitForURL('**/play');
    await page.getByLabel(/^Name/).fill(name);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText(`Signed in as ${name}.`).waitFor();
    expect(await page.locator('.api-key').innerText()).toMatch(/^ck_/);
    // The key is kept in this browser, never in a URL.
    expect(await page.evaluate(() => localStorage.getItem('coup.apiKey'))).toMatch(/^ck_/);

    await page.getByLabel('house-heuristic').check();
    await page.locator('#table-seat').selectOption('1');
    await screenshot(page, 'table-open');
    await page.getByRole('button', { name: 'Open the table' }).click();
    await page.waitForURL(/\/tables\/mt_/);
    const matchId = new URL(page.url()).pathname.split('/').pop() as string;

    const chosen: unknown[] = [];
    let decisions = 0;
    const keyboard = { tab: false, digit: false };
    while ((await nextTurn(page)) === 'answer') {
      decisions++;
      const decision = await page.locator('.answers').getAttribute('data-decision');
      const buttons = page.locator('.answers button.answer');
      const count = await buttons.count();
      expect(count).toBeGreaterThan(0);
      // The situation, the countdown and the cards are on screen for every decision.
      expect(await page.locator('.situation').innerText()).not.toBe('');
      expect(await page.locator('.countdown-text').innerText()).toMatch(/\d+ s left/);
      expect(await page.locator('.hand .card').count()).toBeGreaterThan(0);
      if (decisions === 1) {
        await screenshot(page, 'table-decision');
        // The cards' slots, numbered as everywhere on the platform (the prompt, the replay): from 0.
        expect(await page.locator('.hand .card .slot').allInnerTexts()).toEqual(['slot 0', 'slot 1']);
      }
      // Revealing a card names its slot the same way.
      for (const label of await page.locator('.answers button.answer-lose_card').allInnerTexts())
        expect(label).toMatch(/^\d?\s*Lose your [A-Z][a-z]+ \(slot [01]\)$/);
      if (!keyboard.tab && count >= 2) {
        // Tab reaches the next answer, visibly focused; Enter answers with it.
        await page.locator('.answers button.answer').first().focus();
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          return {
            index: [...document.querySelectorAll('.answers button.answer')].indexOf(el),
            visible: el.matches(':focus-visible') && getComputedStyle(el).outlineStyle !== 'none',
          };
        });
        expect(focused).toEqual({ index: 1, visible: true });
        chosen.push(JSON.parse((await buttons.nth(1).getAttribute('data-action')) as string));
        await page.keyboard.press('Enter');
        keyboard.tab = true;
      } else if (!keyboard.digit && decisions % 2 === 0) {
        chosen.push(JSON.parse((await buttons.nth(0).getAttribute('data-action')) as string));
        await page.keyboard.press('1');
        keyboard.digit = true;
      } else {
        // Click a coup when there is one (shorter games), else the first answer.
        const coup = page.locator('.answers button.answer-coup');
        const target = (await coup.count()) > 0 ? coup.first() : buttons.first();
        chosen.push(JSON.parse((await target.getAttribute('data-action')) as string));
        await target.click();
      }
      await answered(page, decision);
    }
    expect(keyboard).toEqual({ tab: true, digit: true });
    expect(await page.locator('.table-result').innerText()).toMatch(/You finished (1st|2nd)/);
    await screenshot(page, 'table-over');
    // "What happened" leaves room for its numbers past 99 (up to 9999): none is cut at the left edge.
    const room = await page.locator('.table-log').evaluate((ol) => {
      const li = ol.querySelector('li') ?? ol;
      const ctx = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      ctx.font = getComputedStyle(li).font;
      return {
        padding: parseFloat(getComputedStyle(ol).paddingLeft),
        needed: ctx.measureText('9999. ').width,
      };
    });
    expect(room.padding).toBeGreaterThanOrEqual(room.needed);

    // The platform recorded exactly these answers, in this order, none of them a fault.
    const match = await p.h.waitForMatch(matchId);
    expect(match.status).toBe('finished');
    const replay = Replay.parse((await p.h.api('GET', `/v1/matches/${matchId}/replay`)).body);
    const seat = 1;
    expect(replay.players[seat]?.name).toBe(`@${name}`);
    const mine = replay.steps.filter((s): s is DecisionStep => s.kind === 'decision' && s.seat === seat);
    expect(mine.map((d) => d.answer)).toEqual(chosen);
    for (const d of mine) expect(d.fault).toBeNull();

    // The replay of the person's seat shows those decisions.
    await page.getByRole('link', { name: 'Replay from your seat' }).click();
    await page.waitForURL(`**/matches/${matchId}?seat=${seat}`);
    await page.locator('.replay').waitFor();
    const rows = await page.evaluate((who) => {
      let n = 0;
      const next = document.querySelector<HTMLButtonElement>('button[data-step="next"]');
      for (;;) {
        for (const row of document.querySelectorAll('.decisions tbody tr')) {
          if (row.querySelector('td')?.textContent === who) n++;
        }
        if (!next || next.disabled) return n;
        next.click();
      }
    }, `@${name}`);
    expect(rows).toBe(mine.length);
    // Each seat's own deadline: the person's seat had HUMAN_TIMEOUT_MS, the bot the match's.
    expect(await page.locator('dl.facts').first().innerText()).toMatch(
      /Decision deadline\s+[\d.]+ s per decision; seat 1 30 s/,
    );
    const seatRows = page.locator('section[aria-labelledby="h-seats"] tbody tr');
    expect(await seatRows.nth(1).locator('td').last().innerText()).toBe('30 s');
    expect(await seatRows.nth(0).locator('td').last().innerText()).not.toBe('30 s');
    expect(w.problems).toEqual([]);
    await w.close();
  });

  it('an owner opens an agent to challenges on its profile; another person then finds it on the play page', async () => {
    const owner = await p.h.createAccount(uniqueName('owner'));
    const name = uniqueName('sparring');
    const agent = await p.h.registerAgent(owner.key, {
      name,
      endpointUrl: 'http://127.0.0.1:9',
    });
    const w = await openPage(browser, p.h.url);
    const { page } = w;
    await page.goto('/play');
    await page.evaluate((key) => localStorage.setItem('coup.apiKey', key), owner.key);
    await page.goto(`/agents/${agent.id}`);
    const toggle = page.getByLabel(/Allow challenges/);
    expect(await toggle.isChecked()).toBe(false);
    await toggle.check();
    await page.getByText('Saved: open to challenges.').waitFor();
    const stored = await p.h.api<{ allowChallenges: boolean }>('GET', `/v1/agents/${agent.id}`);
    expect(stored.body.allowChallenges).toBe(true);

    const person = await p.h.createAccount(uniqueName('challenger'));
    await page.evaluate((key) => localStorage.setItem('coup.apiKey', key), person.key);
    await page.goto('/play');
    const open = page.locator('fieldset', { hasText: 'Agents open to challenges' });
    await open.getByLabel(name).waitFor();
    // Someone else's profile has no toggle.
    await page.goto(`/agents/${agent.id}`);
    await page.getByText('open to challenges').first().waitFor();
    expect(await page.getByLabel(/Allow challenges/).count()).toBe(0);
    expect(w.problems).toEqual([]);
    await w.close();
  });

  it('fits a phone: no sideways scrolling on the play page and at the table, answered by number keys', async () => {
    const person = await p.h.createAccount(uniqueName('phone'));
    const context = await browser.newContext({ baseURL: p.h.url, viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await page.goto('/play');
    await page.evaluate((key) => localStorage.setItem('coup.apiKey', key), person.key);
    await page.reload();
    await page.getByRole('button', { name: 'Open the table' }).waitFor();
    expect(await noSideScroll(page)).toBe(true);
    await page.getByLabel('house-random').check();
    await page.getByLabel('house-honest').check();
    await page.getByRole('button', { name: 'Open the table' }).click();
    await page.waitForURL(/\/tables\/mt_/);
    for (let i = 0; i < 3 && (await nextTurn(page)) === 'answer'; i++) {
      expect(await noSideScroll(page)).toBe(true);
      if (i === 0) await screenshot(page, 'table-phone');
      const decision = await page.locator('.answers').getAttribute('data-decision');
      await page.keyboard.press('1');
      await answered(page, decision);
    }
    expect(await noSideScroll(page)).toBe(true);
    await context.close();
  });
});
