// The marathon quiz, the subscription and the invite programme in Chromium against the real
// server, through the screens: a finished quiz shows the XP the server awarded; a subscription is
// taken, paused and resumed, each confirmed; the invite code is copied and the velo link opened.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAGES } from '../../server/seed/engagement-marathon';
import type { Browser } from './support/browser';
import { kv } from './support/local-db';
import { serverCall } from './support/server-api';
import type { RunningServer } from './support/server';
import { signInAsDemo } from './support/sign-in';
import { closeSession, openSession } from './support/session';

let server: RunningServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  ({ server, browser } = await openSession());
  await browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  await signInAsDemo(browser.page, server.url);
  token = await kv<string>(browser.page, 'pwaToken');
});

afterAll(() => closeSession({ server, browser }));

const balance = async () =>
  (await serverCall<{ balance: number }>(server.url, token, '/api/get-balance?v=glo')).balance;
const digitsOf = (s: string | null) => Number((s ?? '').replace(/\D/g, ''));
/** The seeded right answer of a question, by its text (the app itself never knows it). */
function rightOption(question: string): string {
  for (const s of DEMO_STAGES)
    for (const [text, options, right] of s.questions) if (text === question) return options[right] ?? '';
  throw new Error(`unknown question ${question}`);
}

describe('marathon quiz', () => {
  it('answers the opened questions one at a time and shows the XP the server awarded', async () => {
    const { page } = browser;
    const before = await balance();
    await page.goto(`${server.url}/marathon`);
    await page.getByTestId('marathon-play').click();
    await page.getByTestId('quiz-question').waitFor({ timeout: 20_000 });
    let answered = 0;
    let first = true;
    while (await page.getByTestId('quiz-question').isVisible()) {
      const question = (await page.getByTestId('quiz-question').textContent()) ?? '';
      const right = rightOption(question);
      // The first answer wrong on purpose (it must earn nothing), the rest right.
      const pick = first
        ? page.getByTestId('quiz-option').filter({ hasNotText: right }).first()
        : page.getByTestId('quiz-option').filter({ hasText: right });
      await pick.click();
      await page.getByTestId('quiz-answer').click();
      await page.locator('[data-testid="quiz-verdict"]:not(.is-waiting)').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('quiz-verdict').textContent()).toContain(first ? 'Неправильно' : 'Правильно! +');
      // A second answer is not possible: the options are locked.
      expect(await page.locator('[data-testid="quiz-option"] input:not([disabled])').count()).toBe(0);
      first = false;
      answered += 1;
      await page.getByTestId('quiz-next').click();
      await page.getByTestId('quiz-question').or(page.getByTestId('quiz-result')).first().waitFor();
    }
    expect(answered).toBeGreaterThanOrEqual(2);
    const earned = digitsOf(await page.getByTestId('quiz-result-xp').textContent());
    expect(earned).toBeGreaterThan(0);
    expect(await balance()).toBe(before + earned);
    await expect.poll(async () => digitsOf(await page.getByTestId('quiz-balance').textContent())).toBe(before + earned);
    // The marathon screen counts the same progress.
    await page.goto(`${server.url}/marathon`);
    await expect
      .poll(async () => (await page.getByTestId('marathon-xp').textContent())?.startsWith(`${earned} з`), {
        timeout: 15_000,
      })
      .toBe(true);
  });
});

describe('subscription', () => {
  it('subscribes, pauses and resumes, each confirmed, and the server agrees at every step', async () => {
    const { page } = browser;
    const state = async () =>
      (await serverCall<{ subscription: { status: string } | null }>(server.url, token, '/api/subscription/get-state'))
        .subscription?.status ?? null;
    await page.goto(`${server.url}/subscription`);
    await page.getByTestId('sub-plan').first().waitFor({ timeout: 20_000 });
    await page.getByTestId('sub-subscribe').first().click();
    await page.getByTestId('sub-confirm-yes').click();
    await page.locator('[data-testid="sub-current"][data-status="active"]').waitFor({ timeout: 15_000 });
    await expect.poll(state, { timeout: 15_000 }).toBe('active');

    await page.getByTestId('sub-pause').click();
    await page.getByTestId('sub-weeks-4').click();
    await page.getByTestId('sub-confirm-yes').click();
    await page.locator('[data-testid="sub-current"][data-status="paused"]').waitFor({ timeout: 15_000 });
    await expect.poll(state, { timeout: 15_000 }).toBe('paused');

    await page.getByTestId('sub-resume').click();
    await page.getByTestId('sub-confirm-yes').click();
    await page.locator('[data-testid="sub-current"][data-status="active"]').waitFor({ timeout: 15_000 });
    await expect.poll(state, { timeout: 15_000 }).toBe('active');
    await page.getByTestId('sub-pause').waitFor({ timeout: 15_000 });

    await page.goto(`${server.url}/subscription/history`);
    const events = page.getByTestId('sub-events');
    await events.waitFor({ timeout: 15_000 });
    const text = (await events.textContent()) ?? '';
    expect(text).toContain('Оформлено підписку');
    expect(text).toContain('призупинено');
    expect(text).toContain('відновлено');
  });
});

describe('invite a friend', () => {
  it('copies the invite code and opens the velo link on the second brand’s site', async () => {
    const { page, context } = browser;
    const code = (
      await serverCall<{ consumer: { memberGetMemberCode: string } }>(server.url, token, '/api/invite/get-promo-code')
    ).consumer.memberGetMemberCode;
    await page.goto(`${server.url}/invite-friend`);
    await page.getByTestId('invite-code').waitFor({ timeout: 20_000 });
    expect((await page.getByTestId('invite-code').textContent())?.trim()).toBe(code);
    await page.getByTestId('invite-copy').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code);

    await page.goto(`${server.url}/invite-friend/velo`);
    await page.getByTestId('velo-get').click();
    const link = page.getByTestId('velo-open');
    await link.waitFor({ timeout: 20_000 });
    const discount = (await page.getByTestId('velo-discount-code').textContent())?.trim() ?? '';
    expect(discount).toMatch(/^VELOMGM-/);
    const href = new URL((await link.getAttribute('href')) ?? '');
    expect(href.searchParams.get('discount')).toBe(discount);
    expect(href.searchParams.get('rev_code')).toBe(code);
    const [site] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await site.waitForLoadState();
    expect((await site.getByTestId('velo-discount').textContent())?.trim()).toBe(discount);
    expect((await site.getByTestId('velo-rev-code').textContent())?.trim()).toBe(code);
    await site.close();
  });
});
