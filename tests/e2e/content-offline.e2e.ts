import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, waitForServiceWorker, type Browser } from './support/browser';
import { kv, rows } from './support/local-db';
import { goOffline, goOnline } from './support/network';
import { startServer, type RunningServer } from './support/server';
import { signInAsDemo } from './support/sign-in';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** The server's call-back requests of a shop record, read from its own database (read-only). */
function serverCallBacks(
  customerId: number,
): Array<{ day: string; time_from: string; time_to: string; phone: string }> {
  const db = new Database(join(server.dataDir, 'club.db'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('SELECT day, time_from, time_to, phone FROM call_back_requests WHERE customer_id = ? ORDER BY id')
      .all(customerId) as never;
  } finally {
    db.close();
  }
}

describe('content offline: FAQ, a news item and the dictionary read after one visit; a call-back made offline arrives once', () => {
  it('reads all three with the network cut, opens an answer with the keyboard, and sends the queued call-back when back online', async () => {
    const { page, context } = browser;
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signInAsDemo(page, server.url);
    await waitForServiceWorker(page);
    const gloId = (await kv<{ glo: number }>(page, 'customerIds')).glo;
    expect(serverCallBacks(gloId)).toEqual([]);

    // One visit online to each screen, as a member would.
    await page.goto(`${server.url}/faq`);
    const questions = page.getByTestId('faq-question');
    await questions.first().waitFor({ timeout: 20_000 });
    const firstQuestion = (await questions.first().textContent()) ?? '';
    const questionCount = await questions.count();
    expect(questionCount).toBeGreaterThan(3);

    await page.goto(`${server.url}/news`);
    await page.getByTestId('news-card').first().click();
    await page.getByTestId('news-body').waitFor({ timeout: 20_000 });
    const newsUrl = page.url();
    const newsTitle = await page.getByTestId('news-title').textContent();
    const newsText = await page.getByTestId('news-body').textContent();
    expect(newsText?.length).toBeGreaterThan(10);

    await page.goto(`${server.url}/vocabulary`);
    await page.getByTestId('vocabulary-term').first().waitFor({ timeout: 20_000 });
    const termCount = await page.getByTestId('vocabulary-term').count();

    await page.goto(`${server.url}/support`);
    await page.getByTestId('call-back-form').waitFor();
    await page.goto(`${server.url}/faq`);
    await questions.first().waitFor();

    await goOffline(context);
    try {
      // FAQ, reloaded with no network: served by the service worker, read from IndexedDB.
      await page.reload();
      await expect.poll(() => questions.count(), { timeout: 15_000 }).toBe(questionCount);
      expect(await questions.first().textContent()).toBe(firstQuestion);
      // The keyboard: focus the first question, Enter opens it; ArrowDown moves on, Space opens that one.
      await questions.first().focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => questions.first().getAttribute('aria-expanded')).toBe('true');
      const answerId = (await questions.first().getAttribute('aria-controls'))!;
      expect(await page.locator(`[id="${answerId}"]`).isVisible()).toBe(true);
      expect(((await page.locator(`[id="${answerId}"]`).textContent()) ?? '').length).toBeGreaterThan(10);
      await page.keyboard.press('ArrowDown');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('faq-question');
      await page.keyboard.press(' ');
      await expect.poll(() => questions.nth(1).getAttribute('aria-expanded')).toBe('true');
      await page.keyboard.press('Enter');
      await expect.poll(() => questions.nth(1).getAttribute('aria-expanded')).toBe('false');

      // The news item, by its address, reloaded offline.
      await page.goto(newsUrl);
      await page.getByTestId('news-body').waitFor({ timeout: 15_000 });
      expect(await page.getByTestId('news-title').textContent()).toBe(newsTitle);
      expect(await page.getByTestId('news-body').textContent()).toBe(newsText);

      // The dictionary, and its search, offline.
      await page.goto(`${server.url}/vocabulary`);
      await expect.poll(() => page.getByTestId('vocabulary-term').count(), { timeout: 15_000 }).toBe(termCount);
      await page.getByTestId('vocabulary-search').fill('XP');
      await expect.poll(() => page.getByTestId('vocabulary-term').count()).toBeLessThan(termCount);
      expect(await page.getByTestId('vocabulary-term').first().textContent()).toContain('XP');

      // A call-back request, made offline: kept as waiting, not on the server.
      await page.goto(`${server.url}/support`);
      await page.getByTestId('call-back-tomorrow').click();
      await page.getByTestId('call-back-from').selectOption('10:00');
      await page.getByTestId('call-back-to').selectOption('12:00');
      await page.getByTestId('call-back-submit').click();
      expect(await page.getByTestId('call-back-notice').textContent()).toBe(
        'Запит збережено: надішлемо, щойно з’явиться зв’язок.',
      );
      await page.getByText('Чекає на зв’язок — надішлемо автоматично').waitFor();
      expect((await rows<{ kind: string }>(page, 'outbox')).filter((e) => e.kind === 'call-back')).toHaveLength(1);
      expect(serverCallBacks(gloId)).toEqual([]);
    } finally {
      await goOnline(context);
    }

    // Back online: the outbox sends it by itself, the screen confirms it, the server has it once.
    await page.getByText('Прийнято — чекай на дзвінок').waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await rows(page, 'outbox')).length, { timeout: 15_000 }).toBe(0);
    await page.reload();
    await page.getByTestId('call-back').first().waitFor();
    const calls = serverCallBacks(gloId);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ day: 'tomorrow', time_from: '10:00', time_to: '12:00', phone: '380500000001' });
    expect(errors).toEqual([]);
  });
});
