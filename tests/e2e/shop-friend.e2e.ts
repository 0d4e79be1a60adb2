import { describe, expect, it } from 'vitest';
import { INVITE_XP_PER_FRIEND } from '../../src/domain/invite/calculator';
import { handOverOrder, serverCall } from './support/server-api';
import {
  addProduct,
  againLater,
  cashOrder,
  checkoutToBranch,
  placedOrder,
  signedInShop,
  switchVariant,
} from './shop-steps';

/** Андрій: allow-listed, not age-verified, no ogo orders yet. */
const ANDRII = '380500000002';
/** Олена's invite code (seed). */
const OLENA_CODE = 'REW-OLENA7';

const shop = signedInShop(ANDRII);

/** Олена's ogo XP, read as the server keeps it (a check, not a step of the journey). */
async function olenaOgoBalance(): Promise<number> {
  const { token } = await serverCall<{ token: string }>(shop.server.url, null, '/api/api-auth/test-login', {
    phone: '380500000001',
  });
  return (await serverCall<{ balance: number }>(shop.server.url, token, '/api/get-balance?v=ogo')).balance;
}

/** Олена's ogo referral XP: owed, not credited yet (get-bonus-history `pending`), and credited lines. */
async function olenaOgoReferrals(): Promise<{ owed: number[]; credited: Array<{ amount: number; title: string }> }> {
  const { token } = await serverCall<{ token: string }>(shop.server.url, null, '/api/api-auth/test-login', {
    phone: '380500000001',
  });
  const h = await serverCall<{
    pending: Array<{ amount: number }>;
    transactions: Array<{ amount: number; reason: string; title: string }>;
  }>(shop.server.url, token, '/api/get-bonus-history?shop=ogo');
  return {
    owed: h.pending.map((p) => p.amount),
    credited: h.transactions.filter((t) => t.reason === 'referral').map(({ amount, title }) => ({ amount, title })),
  };
}

describe('a friend’s REW- code (docs/rules.md#validation: first order only)', () => {
  it('(4) accepted on the first order, refused beside the field on the second', async () => {
    const { page } = shop.browser;
    const base = shop.server.url;
    await switchVariant(page, base, 'ogo');
    const olenaBefore = await olenaOgoBalance();

    await addProduct(page, base, 'ogo-sticks-single', 91, 2);
    await page.goto(`${base}/shop/cart`);
    const input = page.getByTestId('friend-code-input');
    await input.fill('REW');
    await page.getByTestId('friend-code-apply').click();
    await page.getByText('Код друга має починатися з REW- і бути довшим за 4 символи').waitFor();
    await input.fill(OLENA_CODE);
    await againLater(page);
    await page.getByTestId('friend-code-apply').click();
    await page.getByTestId('friend-code-kept').waitFor();

    await checkoutToBranch(page, base, 'Хар', 'Харків', 7, 1);
    // Андрій's age is not confirmed: the order is a pre-order, and the summary says so.
    await page.getByText('Вік ще не підтверджено').waitFor();
    const o = await placedOrder(page, base, 'ogo');
    expect(o.tags).toEqual(expect.arrayContaining(['PWA', 'pwa_order', 'pre-order']));
    // The code counted: Олена, whose code it is, is owed her reward for a friend's first order,
    // credited once this unpaid pre-order is handed over (and paid in cash then).
    expect(await olenaOgoBalance()).toBe(olenaBefore);
    expect(await olenaOgoReferrals()).toEqual({ owed: [INVITE_XP_PER_FRIEND], credited: [] });
    await handOverOrder(base, o.order_number);
    // Credited: his 300 and, when he is a milestone's friend of the year, its bonus.
    const { owed, credited } = await olenaOgoReferrals();
    expect(owed).toEqual([]);
    expect(credited).toContainEqual({
      amount: INVITE_XP_PER_FRIEND,
      title: 'Запрошений друг Андрій зробив перше замовлення',
    });
    const reward = credited.reduce((n, l) => n + l.amount, 0);
    expect(await olenaOgoBalance()).toBe(olenaBefore + reward);

    // The second order: the same code is refused beside the field and not kept.
    await addProduct(page, base, 'ogo-sticks-single', 91);
    await page.goto(`${base}/shop/cart`);
    await page
      .getByText('Код друга діє лише для першого замовлення, а в тебе вже є замовлення в цьому магазині.')
      .waitFor();
    await page.getByTestId('friend-code-input').fill(OLENA_CODE);
    await page.getByTestId('friend-code-apply').click();
    await page.getByText('Код друга діє лише для першого замовлення', { exact: true }).waitFor();
    expect(await page.getByTestId('friend-code-kept').count()).toBe(0);
    await cashOrder(page, base, 'ogo');
    expect(await olenaOgoBalance()).toBe(olenaBefore + reward);
    expect((await olenaOgoReferrals()).owed).toEqual([]);
  });
});
