// Steps of the fault tests (tests/e2e/faults-*.e2e.ts), through the screens only; the server's
// state is read with serverCall at the end.
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { kv, rows } from './support/local-db';
import { goOffline, goOnline } from './support/network';
import { serverCall } from './support/server-api';

export interface Code {
  code: string;
  xp: number;
}

/** The manual entry's note for a code kept: «Код збережено», then online the server's answer in its place. */
export const KEPT = /Код (збережено|зараховано|не зараховано)/;

/** Opens /scanning and its manual entry (no camera in these browsers). */
export async function openManualEntry(page: Page, base: string): Promise<void> {
  if (!page.url().endsWith('/scanning')) await page.goto(`${base}/scanning`);
  const field = page.getByTestId('manual-code');
  const open = page.getByTestId('manual-open');
  await field.or(open).first().waitFor({ timeout: 20_000 });
  if (!(await field.isVisible())) await open.click();
  await field.waitFor();
}

/** Types each code into the manual entry and presses Enter; each is kept on the phone («Код збережено», online soon the server's answer). */
export async function typeCodes(page: Page, base: string, codes: readonly Code[]): Promise<void> {
  await openManualEntry(page, base);
  const field = page.getByTestId('manual-code');
  for (const c of codes) {
    await field.fill(c.code);
    await field.press('Enter');
    await expect
      .poll(async () => (await rows<{ code: string }>(page, 'scans')).some((s) => s.code === c.code), {
        timeout: 15_000,
      })
      .toBe(true);
    await expect.poll(() => page.getByTestId('manual-entry').textContent()).toMatch(KEPT);
  }
}

/** Rates the first order offered on /feedback (4 stars) with `text`; returns the order's id. */
export async function writeFeedback(page: Page, base: string, text: string): Promise<number> {
  if (!page.url().endsWith('/feedback')) await page.goto(`${base}/feedback`);
  const order = page.getByTestId('feedback-order').first();
  await order.waitFor({ timeout: 20_000 });
  const orderId = Number(await order.getAttribute('data-order'));
  await order.getByTestId('feedback-rate').click();
  const form = page.getByTestId('feedback-form');
  await form.waitFor();
  await form.locator('label:has([data-testid="feedback-star-4"])').click();
  await form.getByTestId('feedback-text').fill(text);
  await form.getByTestId('feedback-submit').click();
  await form.waitFor({ state: 'detached' });
  return orderId;
}

export async function member(page: Page): Promise<{ token: string; glo: number }> {
  return { token: await kv<string>(page, 'pwaToken'), glo: (await kv<{ glo: number }>(page, 'customerIds')).glo };
}

export async function balanceOf(base: string, token: string): Promise<number> {
  return (await serverCall<{ balance: number }>(base, token, '/api/get-balance?v=glo')).balance;
}

/** How many times each code is in the member's scan history on the server. */
export async function creditedTimes(base: string, token: string, codes: readonly Code[]): Promise<number[]> {
  const history = await serverCall<{ items: Array<{ uuid: string }> }>(base, token, '/api/scan/get-history', {
    offset: 0,
  });
  return codes.map((c) => history.items.filter((i) => i.uuid.toLowerCase() === c.code.toLowerCase()).length);
}

/** The member's feedback on the server for one order. */
export async function feedbackFor(
  base: string,
  token: string,
  orderId: number,
): Promise<Array<{ rating: number; text: string }>> {
  const feedbackToken = (await serverCall<{ token: string }>(base, token, '/api/feedback/get-auth')).token;
  const list = await serverCall<{ feedback: Array<{ orderId: number | null; rating: number; text: string }> }>(
    base,
    token,
    '/api/feedback/get-list',
    { token: feedbackToken },
  );
  return list.feedback.filter((f) => f.orderId === orderId);
}

export async function drained(page: Page, timeout = 30_000): Promise<void> {
  await expect.poll(async () => (await rows(page, 'outbox')).length, { timeout }).toBe(0);
}

/** The /scanning list shows every code credited. */
export async function shownCredited(page: Page, base: string, codes: readonly Code[]): Promise<void> {
  if (!page.url().endsWith('/scanning')) await page.goto(`${base}/scanning`);
  for (const c of codes) {
    await page
      .locator(`[data-testid="scan-row"][data-scan-code="${c.code}"][data-state="credited"]`)
      .waitFor({ timeout: 20_000 });
  }
}

/**
 * Cuts and restores the network every `ms` until stopped (then leaves it on); counts the cuts, and
 * the changes made (cut or restored), so a test can act again once the network is in another state.
 */
export function flap(
  context: BrowserContext,
  ms: number,
): { stop(): Promise<void>; cuts(): number; changes(): number } {
  let offline = false;
  let cuts = 0;
  let changes = 0;
  let chain = Promise.resolve();
  const timer = setInterval(() => {
    chain = chain.then(async () => {
      offline = !offline;
      if (offline) cuts += 1;
      await (offline ? goOffline(context) : goOnline(context));
      changes += 1;
    });
  }, ms);
  return {
    cuts: () => cuts,
    changes: () => changes,
    async stop() {
      clearInterval(timer);
      await chain;
      if (offline) await goOnline(context);
    },
  };
}
