// Forms: item 5 (the quiz, online, never says it will send the answer «щойно з’явиться
// зв’язок», and «Далі» waits for the verdict), item 3 (the courier's flat number limited, its real
// rule named), item 7 (a call-back window's «До» always after «З»).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from './support/browser';
import { kv } from './support/local-db';
import type { Proxy } from './support/proxy';
import { serverCall } from './support/server-api';
import type { RunningServer } from './support/server';
import { closeSession, openSession } from './support/session';
import { addProduct, againLater, openDelivery, signedInReady } from './shop-steps';

let server: RunningServer, proxy: Proxy, browser: Browser, base: string;

beforeAll(async () => ({ server, proxy, base, browser } = await openSession({ proxy: true, ready: signedInReady })));

afterAll(() => closeSession({ server, browser, proxy }));

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

describe('the courier address and the call-back time', () => {
  it('a flat number of more than 5 digits is kept and refused with the reason; «До» offers only times after «З»', async () => {
    const { page } = browser;
    await addProduct(page, base, 'sticks', 1);
    await openDelivery(page, base);
    await page.getByTestId('delivery-method-2').click();
    if (await page.getByTestId('city-input').isVisible()) {
      await page.getByTestId('city-input').fill('Ки');
      await page.getByTestId('city-option').filter({ hasText: 'Київ' }).first().click();
    }
    await page.getByTestId('street-input').fill('вул. Хрещатик');
    await page.getByTestId('house-input').fill('12');
    const flat = page.getByTestId('flat-input');
    await flat.fill('1'.repeat(300));
    // Kept whole (never cut to five digits), and refused with the rule beside it.
    expect(await flat.inputValue()).toHaveLength(300);
    await againLater(page);
    await page.getByTestId('delivery-next').click();
    await page.getByText('Номер квартири — не більше 5 цифр').waitFor();
    expect(await page.getByText('Номер квартири — лише цифри').count()).toBe(0);
    await flat.fill('12');
    await againLater(page);
    await page.getByTestId('delivery-next').click();
    await page.waitForURL(`${base}/shop/payment`);

    // The call-back window: «З 11:00» moves «До» past it, and «До» offers nothing not after it.
    await page.getByTestId('need-call').check();
    await page.getByTestId('call-day-tomorrow').click();
    await page
      .getByTestId('call-to')
      .selectOption('11:00')
      .catch(() => undefined);
    await page.getByTestId('call-from').selectOption('11:00');
    const to = await page.getByTestId('call-to').inputValue();
    expect(to > '11:00').toBe(true);
    const offered = await page.getByTestId('call-to').locator('option').allTextContents();
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((t) => t > '11:00')).toBe(true);
    await page.getByTestId('payment-1').click();
    await againLater(page);
    await page.getByTestId('payment-next').click();
    await page.waitForURL(`${base}/shop/checkout`);
    expect(await page.getByTestId('checkout-call').textContent()).toContain(`11:00–${to}`);
  });
});

describe('titles and the registration form', () => {
  it('a product’s page is named after the product, not its list', async () => {
    const { page } = browser;
    await page.goto(`${base}/shop/sticks/1`);
    const name = ((await page.locator('.product-detail__title').textContent()) ?? '').trim();
    expect(name.length).toBeGreaterThan(0);
    await expect.poll(() => page.title()).toBe(`${name} · Клуб glo`);
    // Back on the list, the list's title again.
    await page.goto(`${base}/shop/sticks`);
    await expect.poll(() => page.title()).toBe('Стіки · Клуб glo');
  });

  it('the registration form, sent empty, names every field that is missing, each beside itself; nothing is sent', async () => {
    const visitor = await openBrowser();
    try {
      const page = visitor.page;
      let sent = 0;
      page.on('request', (r) => void (r.url().includes('/api/api-auth/') && r.method() === 'POST' && (sent += 1)));
      await visitor.context.addCookies([{ name: 'showIs18', value: '1', url: base }]);
      await page.goto(`${base}/registration`);
      await page.getByTestId('reg-submit').click();
      const errors = page.locator('.field__error');
      await expect.poll(() => errors.count()).toBeGreaterThanOrEqual(5);
      const texts = await errors.allTextContents();
      for (const part of ['Ім’я', 'Прізвище', 'електронну пошту', 'мобільний номер', 'виповнилося 18'])
        expect(
          texts.some((t) => t.includes(part)),
          part,
        ).toBe(true);
      expect(sent).toBe(0);
    } finally {
      await visitor.close();
    }
  });
});
