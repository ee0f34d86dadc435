import type { Page } from 'playwright-core';

// Driving a person's table page (/tables/:id) in the browser tests: wait for the next question or the
// result, and for an answer to have been sent.

/** Resolves once the answer to `decision` was sent (or the table moved on: another question, the end). */
export async function answered(page: Page, decision: string | null): Promise<void> {
  await page.waitForFunction(
    (id) =>
      document.querySelector('.chosen')?.textContent?.startsWith('You chose:') ||
      document.querySelector<HTMLElement>('.answers')?.dataset.decision !== id,
    decision,
  );
}

/** The next thing the table shows: an answer to give, or the result. */
export async function nextTurn(page: Page): Promise<'answer' | 'over'> {
  const answer = page.locator('.answers button.answer:enabled').first();
  const over = page.locator('.table-result .final-place');
  await answer.or(over).first().waitFor({ timeout: 45_000 });
  return (await over.isVisible()) ? 'over' : 'answer';
}

/** Nothing on the page scrolls sideways. */
export const noSideScroll = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
