// Issue 30, forms: item 5 (the quiz, online, never says it will send the answer «щойно з’явиться
// зв’язок», and «Далі» waits for the verdict).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from './support/browser';
import { kv } from './support/local-db';
import { startProxy, type Proxy } from './support/proxy';
import { serverCall } from './support/server-api';
import { startServer, type RunningServer } from './support/server';
import { signedInReady } from './shop-steps';

let server: RunningServer;
let proxy: Proxy;
let browser: Browser;
let base: string;

beforeAll(async () => {
  server = await startServer();
  proxy = await startProxy(server.port);
  base = proxy.url;
  browser = await openBrowser();
  await signedInReady(browser.page, base);
});

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await server?.dispose();
});

describe('the quiz online', () => {
  it('while the answer is checked: no offline message, «Далі» held until the verdict', async () => {
    const { page } = browser;
    const token = await kv<string>(page, 'pwaToken');
    await page.goto(`${base}/marathon`);
    await page.getByTestId('marathon-play').click();
    await page.getByTestId('quiz-question').waitFor({ timeout: 20_000 });

    // The server takes a moment to score the answer, as it may on a slow network.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let asked = false;
    proxy.tap('/api/marathon/answer', async () => {
      asked = true;
      await held;
      return 'answer';
    });
    await page.getByTestId('quiz-option').first().click();
    await page.getByTestId('quiz-answer').click();
    await expect.poll(() => asked, { timeout: 10_000 }).toBe(true);
    await page.getByTestId('quiz-next').waitFor();
    expect(await page.getByTestId('quiz-next').isDisabled()).toBe(true);
    expect(await page.getByTestId('quiz').textContent()).not.toContain('щойно з’явиться зв’язок');
    expect(await page.getByTestId('quiz-verdict').textContent()).toContain('Перевіряємо відповідь');

    release();
    await page.locator('[data-testid="quiz-verdict"]:not(.is-waiting)').waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByTestId('quiz-next').isEnabled()).toBe(true);
    proxy.untap();
    // The server has the answer, once.
    const quiz = await serverCall<{ questions: Array<{ answer: unknown }> }>(base, token, '/api/marathon/get-quiz');
    expect(quiz.questions.filter((q) => q.answer).length).toBe(1);
  });
});
