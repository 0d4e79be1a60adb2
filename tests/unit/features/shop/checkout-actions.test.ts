import { describe, expect, it } from 'vitest';
import { kvGet } from '../../../../src/db/kv';
import { checkoutSummary } from '../../../../src/domain/order/checkout-summary';
import { newDraft, saveDraft } from '../../../../src/sync/checkout/draft';
import { finishPlacedOrders, placeOrder } from '../../../../src/sync/checkout/order';
import { paymentLinkFor } from '../../../../src/sync/checkout/pay';
import { addProductToCart } from '../../../../src/sync/mutations/shop/cart-change';
import { manualOnline } from '../../../../src/sync/engine/online';
import { MutationRefusedError, OfflineError } from '../../../../src/sync/engine/online-only';
import type { Reply, SeenRequest } from '../../sync/support/fake-fetch';
import { api, GLO, harness, OGO } from '../../sync/support/harness';
import { productRow } from '../../sync/support/shop-fixtures';

type Handler = (req: SeenRequest, body: Record<string, unknown>) => Reply | Promise<Reply>;

const member = { phone: '380500000001', first_name: 'Олена', total_spent: 2000, orders_count: 4 };
const answer = (id: number, extra: Record<string, unknown> = {}) => ({
  status: 200,
  body: {
    order: {
      id,
      order_number: 10_000 + id,
      financial_status: 'pending',
      payment_method: 1,
      total: 202,
      xp_total: 0,
      shipping_option: 1,
      tags: ['PWA', 'pwa_order'],
      ...extra,
    },
    balance: 120,
  },
});

async function setup(routes: Record<string, Handler> = {}, online = manualOnline(true)) {
  const h = await harness({
    reply: api({
      '/api/api-shop/create-order': () => answer(7),
      '/api/api-shop/send-phone-call': () => ({
        status: 200,
        body: { ok: true, id: 1, day: 'tomorrow', date: '2026-11-24', from: '10:00', to: '12:00' },
      }),
      '/api/api-shop/send-promocode': (_r, b) => ({
        status: 200,
        body: { ok: true, id: 1, code: b.code, orderId: b.orderId },
      }),
      '/api/analytics/pwa-add-order-info': () => ({ status: 200, body: { ok: true, id: 1 } }),
      '/api/ipost/auth': () => ({ status: 200, body: { token: 'ip-1', expired_at: '2030-01-01T00:00:00.000Z' } }),
      ...routes,
    }),
  });
  const env = { db: h.db, transport: h.transport, outbox: h.outbox, online };
  await addProductToCart(h.db, GLO, productRow(1), 2);
  await h.outbox.replay({ force: true });
  return { h, env, online };
}

async function summaryOf(
  h: Awaited<ReturnType<typeof setup>>['h'],
  over: Partial<Parameters<typeof checkoutSummary>[0]> = {},
) {
  const lines = await h.db.cart.where('variant').equals('glo').toArray();
  return checkoutSummary({
    variant: 'glo',
    customer: {
      id: GLO.customerId,
      first_name: 'Олена',
      last_name: 'Коваль',
      phone: '380500000001',
      tags: [],
      orders_count: 0,
    },
    ageVerified: true,
    lines,
    delivery: { method: 1, city: 'Київ', branch: 'Відділення №12' },
    payment: 1,
    comment: 'Після 18:00',
    veloCode: '',
    friendCode: 'REW-OLENA7',
    needCall: true,
    callBack: { day: 'Завтра', from: '10:00', to: '12:00' },
    xpBalance: 0,
    now: new Date(),
    ...over,
  });
}

const sends = (h: { sends(): Array<{ path: string; key: string; body: Record<string, unknown> }> }, path: string) =>
  h.sends().filter((s) => s.path === path);

/** An order whose first answer is lost on the way (the next one is order 8): it waits under its key. */
async function firstAnswerLost() {
  let calls = 0;
  const { h, env } = await setup({ '/api/api-shop/create-order': () => (++calls === 1 ? 'network-error' : answer(8)) });
  const s = await summaryOf(h);
  const first = await placeOrder(env, 'glo', s, newDraft(null), member);
  expect(first.state).toBe('waiting');
  return { h, env, s, key: first.state === 'waiting' ? first.key : '' };
}

describe('placing an order (docs/api.md#orders create-order, online only, one Idempotency-Key)', () => {
  it('sends the summary as built, stores the answer, then clears the ordered lines, comment and codes and sends the follow-ups', async () => {
    const { h, env } = await setup();
    const draft = await saveDraft(h.db, 'glo', {
      ...newDraft(null),
      comment: 'Після 18:00',
      friendCode: 'REW-OLENA7',
      needCall: true,
    });
    const s = await summaryOf(h);
    const r = await placeOrder(env, 'glo', s, draft, member);
    expect(r.state).toBe('placed');
    const [order] = sends(h, '/api/api-shop/create-order');
    expect(order!.body).toMatchObject({
      order: { line_items: [{ quantity: 2, variant_id: 10, price: '101.00' }], note: 'Після 18:00' },
      payment: 1,
      friendPromocode: 'REW-OLENA7',
      needCall: true,
    });
    expect(await h.db.orders.where('clientKey').equals(order!.key).first()).toMatchObject({
      id: 7,
      orderNumber: '10007',
      variant: 'glo',
    });
    expect(await h.db.cart.where('variant').equals('glo').count()).toBe(0);
    expect((await kvGet(h.db, 'checkoutDrafts'))?.glo).toMatchObject({
      comment: '',
      friendCode: '',
      veloCode: '',
      needCall: false,
    });
    expect(sends(h, '/api/api-shop/send-promocode').map((x) => x.body)).toEqual([
      { code: 'REW-OLENA7', orderId: 7, shopDomain: 'glo.club.ua' },
    ]);
    expect(sends(h, '/api/api-shop/send-phone-call')[0]!.body).toMatchObject({
      orderNumber: 10_007,
      orderSum: 202,
      callFrom: '10:00',
      callTo: '12:00',
      day: 'Завтра',
      phone: '380500000001',
      avgCheck: 500,
    });
    expect((await h.db.callBacks.toArray()).map((c) => c.state)).toEqual(['sent']);
    expect((await kvGet(h.db, 'placedOrders'))?.[0]).toMatchObject({ orderId: 7, followUps: 'done' });
    expect(sends(h, '/api/analytics/pwa-add-order-info')[0]!.body).toMatchObject({
      transaction_id: 7,
      shopify_id: GLO.customerId,
    });
    expect(await h.db.outbox.count()).toBe(0);
    // Run again: nothing is queued twice.
    await finishPlacedOrders(env);
    expect(sends(h, '/api/api-shop/send-promocode')).toHaveLength(1);
  });

  it('a double tap is one order: both calls share one request', async () => {
    const { h, env } = await setup();
    const s = await summaryOf(h);
    const draft = newDraft(null);
    const [a, b] = await Promise.all([
      placeOrder(env, 'glo', s, draft, member),
      placeOrder(env, 'glo', s, draft, member),
    ]);
    expect(a).toEqual(b);
    expect(sends(h, '/api/api-shop/create-order')).toHaveLength(1);
  });

  it('an answer lost on the way waits under its key; the retry resends that key and makes one order', async () => {
    const { h, env, s } = await firstAnswerLost();
    expect(await h.db.cart.where('variant').equals('glo').count()).toBe(1);
    h.clock.t += 60_000;
    const second = await placeOrder(env, 'glo', s, newDraft(null), member);
    expect(second.state).toBe('placed');
    const keys = sends(h, '/api/api-shop/create-order').map((x) => x.key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(await h.db.orders.count()).toBe(1);
  });

  it('«Надіслати ще раз» after the outbox got the answer in the background (the screen not caught up yet): that order, no second one', async () => {
    const { h, env, s, key } = await firstAnswerLost();
    // The outbox's own retry sends it and stores the answer; the member taps the button still shown.
    h.clock.t += 60_000;
    await h.outbox.replay({ force: true });
    expect(await h.db.outbox.where('kind').equals('order-create').count()).toBe(0);
    const again = await placeOrder(env, 'glo', s, newDraft(null), member, key);
    expect(again).toMatchObject({ state: 'placed', order: { orderId: 8, key } });
    expect(sends(h, '/api/api-shop/create-order').map((x) => x.key)).toEqual([key, key]);
    expect(await h.db.orders.count()).toBe(1);
    expect(await h.db.cart.where('variant').equals('glo').count()).toBe(0);
  });

  it("a refusal comes back with the server's reason; the cart stays and no failed entry is left", async () => {
    const { h, env } = await setup({
      '/api/api-shop/create-order': () => ({
        status: 422,
        body: { error: { code: 'friend_code_unknown', message: 'Такого коду друга немає' } },
      }),
    });
    await expect(placeOrder(env, 'glo', await summaryOf(h), newDraft(null), member)).rejects.toSatisfy(
      (e: unknown) => e instanceof MutationRefusedError && e.message === 'Такого коду друга немає',
    );
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.cart.where('variant').equals('glo').count()).toBe(1);
  });

  it('offline: refused at once with the offline message, nothing queued, the cart untouched', async () => {
    const { h, env, online } = await setup();
    online.set(false);
    await expect(placeOrder(env, 'glo', await summaryOf(h), newDraft(null), member)).rejects.toBeInstanceOf(
      OfflineError,
    );
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.cart.where('variant').equals('glo').count()).toBe(1);
  });

  it('the local courier: send-address once more after 1 s on failure, then delivery resets to 1 (docs/rules.md#states, docs/api.md#delivery)', async () => {
    let tries = 0;
    const { h, env } = await setup({
      '/api/api-shop/create-order': () => answer(9, { tags: ['PWA', 'pwa_order', 'iPost'], shipping_option: 4 }),
      '/api/ipost/send-address': () =>
        ++tries === 1
          ? { status: 503, body: { error: { code: 'busy', message: 'Зайнято' } } }
          : {
              status: 200,
              body: {
                ok: true,
                id: 1,
                tracking: 'IP-1',
                status: 'scheduled',
                city: 'Київ',
                delivery_date: '2026-11-24',
                delivery_time_from: '12:00',
                delivery_time_to: '15:00',
                updated_at: '2026-11-23T10:00:00Z',
              },
            },
    });
    await h.db.cart.toCollection().modify({ tags: ['ipost_allow'] });
    const draft = await saveDraft(h.db, 'glo', {
      delivery: { method: 3, city: 'Київ', street: 'вул. Хрещатик, 22', flat: '5' },
      ipostWindow: { date: '2026-11-24', from: '12:00', to: '15:00' },
    });
    const s = await summaryOf(h, { variant: 'ogo', delivery: draft.delivery, needCall: false, friendCode: '' });
    // The courier belongs to ogo; the glo account stands in for it here.
    const started = Date.now();
    const r = await placeOrder(env, 'glo', s, draft, member);
    expect(r.state).toBe('placed');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    const sent = sends(h, '/api/ipost/send-address');
    expect(sent).toHaveLength(2);
    expect(sent[1]!.key).toBe(sent[0]!.key);
    expect(sent[0]!.body).toMatchObject({
      token: 'ip-1',
      city: 'Київ',
      street: 'вул. Хрещатик, 22',
      flat: '5',
      delivery_date: '2026-11-24',
      order_id: 9,
    });
    expect((await kvGet(h.db, 'placedOrders'))?.[0]?.ipostState).toBe('sent');
    expect((await kvGet(h.db, 'checkoutDrafts'))?.glo?.delivery).toMatchObject({ method: 1, street: '', flat: '' });
  });
});

describe('card payment link (docs/rules.md#states: retry every 2 s while no link, at most 5)', () => {
  it('each ask has its own key; the link comes on the second ask', async () => {
    let n = 0;
    const { h, env } = await setup({
      '/api/api-shop/get-liqpay-link': () => ({
        status: 200,
        body: { success: true, link: ++n === 1 ? '' : 'https://pay/x' },
      }),
    });
    const waits: number[] = [];
    const r = await paymentLinkFor(env, 'glo', 7, async (ms) => void waits.push(ms));
    expect(r).toEqual({ ok: true, link: 'https://pay/x', attempts: 2 });
    expect(waits).toEqual([2000]);
    const keys = sends(h, '/api/api-shop/get-liqpay-link').map((x) => x.key);
    expect(new Set(keys).size).toBe(2);
    expect(sends(h, '/api/api-shop/get-liqpay-link')[0]!.body).toEqual({ orderId: 7 });
  });

  it('a refusal (already paid) stops at once and leaves no failed entry', async () => {
    const { h, env } = await setup({
      '/api/api-shop/get-liqpay-link': () => ({
        status: 422,
        body: { error: { code: 'already_paid', message: 'Замовлення вже оплачено' } },
      }),
    });
    const r = await paymentLinkFor(env, 'glo', 7, async () => undefined);
    expect(r).toMatchObject({ ok: false, attempts: 1 });
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('ogo orders are asked with the ogo flag', async () => {
    const { h, env } = await setup({
      '/api/api-shop/get-liqpay-link': () => ({ status: 200, body: { success: true, link: 'https://pay/o' } }),
    });
    await paymentLinkFor(env, 'ogo', 5, async () => undefined);
    expect(sends(h, '/api/api-shop/get-liqpay-link')[0]).toMatchObject({ body: { orderId: 5, ogo: true } });
    expect(OGO.variant).toBe('ogo');
  });
});
