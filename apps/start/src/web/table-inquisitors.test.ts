import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { Replay } from '@coup/protocol';
import type { DecisionStep } from '@coup/protocol';
import { launchBrowser, openPage, screenshot, SKIP_BROWSER } from '../testing/browser';
import { uniqueName } from '../testing/harness';
import { answered, nextTurn } from '../testing/table-page';
import { startUiPlatform } from '../testing/ui-platform';
import type { UiPlatform } from '../testing/ui-platform';

// A person plays the Inquisitor game (ruleset `inquisitors`) in a real Chromium: chooses the ruleset on the
// play page (an agent of theirs that plays only `original` cannot be ticked), opens a table against two
// house bots and plays it to the end by clicking. The table names the ruleset; an interrogation (theirs,
// or a bot's of them) and an exchange of one card read as such; the replay records the ruleset.

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

/** The Inquisitor game's roles (RULES.md): the inquisitor in the ambassador's place. */
const DECK = ['duke', 'assassin', 'captain', 'inquisitor', 'contessa'];
const ROLES = DECK.map((r) => r.charAt(0).toUpperCase() + r.slice(1));
const ROLE = `(${ROLES.join('|')})`;
const BOT = 'seat \\d \\(house-\\w+\\)';

/** The classes of the answer buttons on screen (`answer-interrogate`, `answer-allow`, ...). */
const answerTypes = (page: Page) =>
  page
    .locator('.answers button.answer')
    .evaluateAll((bs) =>
      bs.map((b) => (JSON.parse(b.getAttribute('data-action') ?? '{}') as { type: string }).type),
    );

/** The person's face-down roles as the hand shows them. */
const handRoles = (page: Page) =>
  page
    .locator('.hand .cards[aria-label="Your cards"] .card.face-down')
    .evaluateAll((cs) => cs.map((c) => c.getAttribute('data-role') ?? ''));

describe.skipIf(SKIP_BROWSER)('a person at an inquisitors table', () => {
  it('chooses the ruleset, plays against house bots to the end by clicking, and sees the interrogations', async () => {
    const person = await p.h.createAccount(uniqueName('inquirer'));
    // An agent of theirs that plays only the original game: not offered for an inquisitors table.
    const oldAgent = uniqueName('original-only');
    await p.h.registerAgent(person.key, { name: oldAgent, endpointUrl: 'http://127.0.0.1:9' });

    const w = await openPage(browser, p.h.url);
    const { page } = w;
    await page.goto('/play');
    await page.evaluate((key) => localStorage.setItem('coup.apiKey', key), person.key);
    await page.reload();
    await page.getByRole('button', { name: 'Open the table' }).waitFor();
    expect(await page.getByLabel(oldAgent).isDisabled()).toBe(false);
    await page.getByLabel('Ruleset').selectOption('inquisitors');
    expect(await page.getByLabel(oldAgent).isDisabled()).toBe(true);
    await page.getByText('(plays Original only)').waitFor();
    expect(await page.locator('.field .hint', { hasText: /^Inquisitors: 15 cards/ }).count()).toBe(1);
    await page.getByLabel('house-heuristic').check();
    await page.getByLabel('house-random').check();
    await page.locator('#table-seat').selectOption('0');
    await screenshot(page, 'inquisitors-open');
    await page.getByRole('button', { name: 'Open the table' }).click();
    await page.waitForURL(/\/tables\/mt_/);
    const matchId = new URL(page.url()).pathname.split('/').pop() as string;
    expect(await page.locator('h1 + p .badge.ruleset').innerText()).toBe('Inquisitors');

    const chosen: unknown[] = [];
    const seen = { interrogated: 0, shown: 0, decided: 0, returned: 0 };
    let turns = 0;
    while ((await nextTurn(page)) === 'answer') {
      const decision = await page.locator('.answers').getAttribute('data-decision');
      const types = await answerTypes(page);
      const situation = await page.locator('.situation').innerText();
      const labels = await page.locator('.answers button.answer').allInnerTexts();
      const hand = await handRoles(page);
      // Never an ambassador in this game.
      for (const role of hand) expect(DECK).toContain(role);
      const pick = async (type: string) => {
        const button = page.locator(`.answers button.answer-${type}`).first();
        chosen.push(JSON.parse((await button.getAttribute('data-action')) as string));
        await button.click();
      };

      if (types.includes('income')) {
        turns++;
        // Interrogate when holding the inquisitor (or, failing that, once on the third turn); exchange
        // with it once; otherwise coup when possible, else income: a game that ends.
        if (
          seen.interrogated === 0 &&
          types.includes('interrogate') &&
          (hand.includes('inquisitor') || turns >= 3)
        ) {
          expect(labels.some((l) => /Interrogate seat \d \(house-\w+\), claiming Inquisitor$/.test(l))).toBe(
            true,
          );
          seen.interrogated++;
          await pick('interrogate');
        } else if (seen.returned === 0 && hand.includes('inquisitor')) {
          expect(labels.some((l) => /Exchange 1 card with the deck, claiming Inquisitor$/.test(l))).toBe(
            true,
          );
          await pick('exchange');
        } else {
          await pick(types.includes('coup') ? 'coup' : 'income');
        }
      } else if (types.includes('show_card')) {
        seen.shown++;
        expect(situation).toMatch(
          new RegExp(`^${BOT.replace('seat', 'Seat')} interrogates you: choose a card to show\\.$`),
        );
        for (const l of labels) expect(l).toMatch(new RegExp(`^\\d?\\s*Show your ${ROLE} \\(slot [01]\\)$`));
        await pick('show_card');
      } else if (types.includes('allow')) {
        seen.decided++;
        const m = new RegExp(
          `^${BOT.replace('seat', 'Seat')} shows you an? ${ROLE}: let them keep it or force an exchange\\.$`,
        ).exec(situation);
        expect(m, situation).not.toBeNull();
        const role = m?.[1] as string;
        // The shown card is on screen, and each answer names it.
        expect(await page.locator('.hand .cards.shown .card').innerText()).toContain(role);
        expect(labels).toHaveLength(2);
        expect(labels[0]).toMatch(new RegExp(`Let ${BOT} keep the ${role}$`));
        expect(labels[1]).toMatch(new RegExp(`Force ${BOT} to exchange the ${role}$`));
        await screenshot(page, 'inquisitors-decide');
        await pick(seen.decided === 1 ? 'force_exchange' : 'allow');
      } else if (types.includes('return_cards')) {
        seen.returned++;
        expect(situation).toBe('Exchange: choose the 1 card to return to the deck.');
        // Its face-down cards and the 1 card drawn: return one of them.
        expect(await page.locator('.hand .cards[aria-label="Drawn cards"] .card').count()).toBe(1);
        expect(labels).toHaveLength(hand.length + 1);
        await pick('return_cards');
      } else {
        // Challenges and blocks: let them pass (a longer game shows more); a card to lose: the first.
        await pick(types.includes('pass') ? 'pass' : (types[0] as string));
      }
      await answered(page, decision);
    }
    console.info(`inquisitors table: ${turns} turns, ${JSON.stringify(seen)}`);
    expect(await page.locator('.table-result').innerText()).toMatch(/You finished (1st|2nd|3rd)/);
    await screenshot(page, 'inquisitors-over');

    // The platform recorded the ruleset and exactly these answers.
    const match = await p.h.waitForMatch(matchId);
    expect(match.status).toBe('finished');
    const api = await p.h.api<{ ruleset: string }>('GET', `/v1/matches/${matchId}`);
    expect(api.body.ruleset).toBe('inquisitors');
    const replay = Replay.parse((await p.h.api('GET', `/v1/matches/${matchId}/replay`)).body);
    expect(replay.ruleset).toBe('inquisitors');
    // (With two bots a question can go unanswered: another seat's challenge or block settled it first.)
    const mine = replay.steps.filter(
      (s): s is DecisionStep => s.kind === 'decision' && s.seat === 0 && s.answer !== null,
    );
    expect(mine.map((d) => d.answer)).toEqual(chosen);
    for (const d of mine) expect(d.fault).toBeNull();
    // An interrogation the person answered is in the record as such.
    const types = new Set(mine.map((d) => (d.answer as { type: string }).type));
    if (seen.decided > 0) expect(types.has('force_exchange')).toBe(true);
    if (seen.shown > 0) expect(types.has('show_card')).toBe(true);

    // The match page and its replay name the ruleset; the log words the interrogation.
    await page.getByRole('link', { name: 'Replay with every card' }).click();
    await page.waitForURL(`**/matches/${matchId}`);
    await page.locator('.replay').waitFor();
    expect(await page.locator('dl.facts').first().innerText()).toMatch(/Ruleset\s+Inquisitors/);
    expect(await page.locator('.deal-rules').innerText()).toMatch(/^Inquisitors .*15 cards, 3 each of Duke/);
    if (seen.interrogated + seen.shown > 0) {
      const log = await page.evaluate(() => {
        const lines: string[] = [];
        const next = document.querySelector<HTMLButtonElement>('button[data-step="next"]');
        for (;;) {
          for (const li of document.querySelectorAll('.frame-events li')) lines.push(li.textContent ?? '');
          if (!next || next.disabled) return lines;
          next.click();
        }
      });
      expect(log.some((l) => / declared interrogate /.test(l))).toBe(true);
    }
    await page.goto('/matches');
    const row = page.locator('tr', { hasText: matchId });
    expect(await row.locator('.badge.ruleset').innerText()).toBe('Inquisitors');
    expect(w.problems).toEqual([]);
    await w.close();
  }, 180_000);
});
