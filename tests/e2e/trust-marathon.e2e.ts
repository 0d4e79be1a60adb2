import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAGES } from '../../server/seed/engagement-marathon';
import type { Browser } from './support/browser';
import { kv } from './support/local-db';
import { serverCall } from './support/server-api';
import type { RunningServer } from './support/server';
import { closeSession, openSession } from './support/session';
import { signedInReady, switchVariant } from './shop-steps';

// the marathon for both variants has one progress; its XP go to glo (the main
// brand, src/domain/programme/marathon-xp.ts), and both apps say so. On ogo, the quiz's «+N XP» and the
// balance beside it are glo's, the ones that grew on the server; ogo's record is untouched.

let server: RunningServer;
let browser: Browser;
let token: string;

beforeAll(async () => {
  ({ server, browser } = await openSession());
  mkdirSync('screenshots', { recursive: true });
  await signedInReady(browser.page, server.url);
  token = await kv<string>(browser.page, 'pwaToken');
});

afterAll(() => closeSession({ server, browser }));

const balance = async (v: 'glo' | 'ogo') =>
  (await serverCall<{ balance: number }>(server.url, token, `/api/get-balance?v=${v}`)).balance;
const digitsOf = (s: string | null) => Number((s ?? '').replace(/\D/g, ''));
function rightOption(question: string): string {
  for (const s of DEMO_STAGES)
    for (const [text, options, right] of s.questions) if (text === question) return options[right] ?? '';
  throw new Error(`unknown question ${question}`);
}
const SHARED = 'Марафон спільний для glo і ogo';

describe('the marathon shared by glo and ogo', () => {
  it('on ogo says the XP go to glo, shows glo’s balance growing by what the server credited, and ogo’s stays', async () => {
    const { page } = browser;
    await switchVariant(page, server.url, 'ogo');
    const glo = await balance('glo');
    const ogo = await balance('ogo');

    await page.goto(`${server.url}/marathon`);
    await page.getByTestId('marathon-shared').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('marathon-shared').textContent()).toContain(SHARED);
    expect(await page.getByTestId('marathon-shared').textContent()).toContain('XP нараховуються на рахунок glo');
    await page.getByTestId('marathon-play').click();
    await page.getByTestId('quiz-question').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('marathon-shared').textContent()).toContain(SHARED);
    while (await page.getByTestId('quiz-question').isVisible()) {
      const right = rightOption((await page.getByTestId('quiz-question').textContent()) ?? '');
      await page.getByTestId('quiz-option').filter({ hasText: right }).click();
      await page.getByTestId('quiz-answer').click();
      await page.locator('[data-testid="quiz-verdict"]:not(.is-waiting)').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('quiz-verdict').textContent()).toMatch(/^Правильно! \+\d+ XP на рахунок glo$/);
      await page.getByTestId('quiz-next').click();
      await page.getByTestId('quiz-question').or(page.getByTestId('quiz-result')).first().waitFor();
    }
    const result = (await page.getByTestId('quiz-result-xp').textContent()) ?? '';
    expect(result).toMatch(/на рахунок glo$/);
    const earned = digitsOf(result);
    expect(earned).toBeGreaterThan(0);
    // The server credited glo, not ogo; the screen's balance is glo's, as the server holds it.
    expect(await balance('glo')).toBe(glo + earned);
    expect(await balance('ogo')).toBe(ogo);
    await expect.poll(async () => page.getByTestId('quiz-balance').textContent()).toMatch(/^Твій баланс glo: /);
    expect(digitsOf(await page.getByTestId('quiz-balance').textContent())).toBe(glo + earned);
    expect(await page.getByTestId('marathon-shared').textContent()).toContain(SHARED);
    await page.screenshot({ path: 'screenshots/quiz-result.ogo.png' });
  });

  it('on glo shows the same progress (answered in ogo) and the same words', async () => {
    const { page } = browser;
    await switchVariant(page, server.url, 'glo');
    const current = await serverCall<{
      marathon: { progress: { answered: number; xpEarned: number; maxXp: number }; shared: boolean; xpVariant: string };
    }>(server.url, token, '/api/marathon/get-current');
    expect(current.marathon).toMatchObject({ shared: true, xpVariant: 'glo' });
    await page.goto(`${server.url}/marathon`);
    await page.getByTestId('marathon-shared').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('marathon-shared').textContent()).toContain(SHARED);
    await expect
      .poll(() => page.getByTestId('marathon-xp').textContent())
      .toBe(
        `${current.marathon.progress.xpEarned.toLocaleString('uk-UA')} з ${current.marathon.progress.maxXp.toLocaleString('uk-UA')} XP`,
      );
    expect(current.marathon.progress.answered).toBeGreaterThan(0);
    // The quiz, all answered in ogo, shows its result on glo too: the XP went to glo.
    await page.getByTestId('marathon-play').click();
    await page.getByTestId('quiz-result').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('quiz-result-xp').textContent()).toBe(
      `+${current.marathon.progress.xpEarned.toLocaleString('uk-UA')} XP на рахунок glo`,
    );
    await page.screenshot({ path: 'screenshots/quiz-result.glo.png' });
  });
});
