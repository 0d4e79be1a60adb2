// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kvGet, kvSet } from '../../../../src/db/kv';
import CheckoutPage from '../../../../src/features/shop/checkout/checkout-page';
import DeliveryPage from '../../../../src/features/shop/checkout/delivery-page';
import PaymentPage from '../../../../src/features/shop/checkout/payment-page';
import { saveDraft } from '../../../../src/sync/checkout/draft';
import { addProductToCart } from '../../../../src/sync/mutations/shop/cart-change';
import { db, productRow, renderPage, signedIn, textOf } from './support';

const GLO = { variant: 'glo' as const, customerId: 101 };
const OGO = { variant: 'ogo' as const, customerId: 202 };

beforeEach(async () => {
  await signedIn('glo');
});
afterEach(cleanup);

async function fill(account: typeof GLO | typeof OGO, ...items: Array<[ReturnType<typeof productRow>, number]>) {
  await act(async () => {
    for (const [p, n] of items) await addProductToCart(db, account, p, n);
    await db.outbox.clear();
  });
}

describe('/shop/delivery', () => {
  it('a full cart gets the form (not «add items first»); an empty one says the cart is empty', async () => {
    renderPage(DeliveryPage, '/shop/delivery', '/shop/delivery');
    expect(await screen.findByText('Кошик порожній')).toBeTruthy();
    cleanup();
    await fill(GLO, [productRow(1), 1]);
    renderPage(DeliveryPage, '/shop/delivery', '/shop/delivery');
    expect(await screen.findByTestId('delivery-method-1')).toBeTruthy();
    expect(screen.queryByText('Кошик порожній')).toBeNull();
    // glo has no local courier.
    expect(screen.queryByTestId('delivery-method-3')).toBeNull();
  });

  it('bad input gets its message beside each field and goes nowhere; the choice is kept for a reload', async () => {
    await fill(GLO, [productRow(1), 1]);
    const { router } = renderPage(DeliveryPage, '/shop/delivery', '/shop/delivery');
    fireEvent.click(await screen.findByTestId('delivery-method-2'));
    fireEvent.change(screen.getByTestId('city-input'), { target: { value: 'Київ' } });
    fireEvent.change(screen.getByTestId('house-input'), { target: { value: 'дванадцять' } });
    fireEvent.change(screen.getByTestId('flat-input'), { target: { value: '5а' } });
    fireEvent.click(screen.getByTestId('delivery-next'));
    expect(await screen.findByText('Вкажи вулицю')).toBeTruthy();
    expect(screen.getByText('Номер будинку — цифри, можна з літерою: 12, 12А, 12/1')).toBeTruthy();
    expect(screen.getByText('Номер квартири — лише цифри')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/shop/delivery');
    await waitFor(async () =>
      expect((await kvGet(db, 'checkoutDrafts'))?.glo?.delivery).toMatchObject({
        method: 2,
        city: 'Київ',
        house: 'дванадцять',
        flat: '5а',
      }),
    );

    fireEvent.change(screen.getByTestId('street-input'), { target: { value: 'вул. Хрещатик' } });
    fireEvent.change(screen.getByTestId('house-input'), { target: { value: '12А' } });
    fireEvent.change(screen.getByTestId('flat-input'), { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('delivery-next'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop/payment'));
  });

  it('ogo offers the local courier only when every line carries ipost_allow', async () => {
    await signedIn('ogo');
    const pack = { ...productRow(90, { tags: ['ipost_allow'] }), variant: 'ogo' as const };
    const block = { ...productRow(79, { tags: [] }), variant: 'ogo' as const };
    await fill(OGO, [pack, 1], [block, 1]);
    renderPage(DeliveryPage, '/shop/delivery', '/shop/delivery');
    expect(
      await screen.findByText('Курʼєр iPost доступний, коли всі товари в кошику мають позначку iPost.'),
    ).toBeTruthy();
    expect(screen.queryByTestId('delivery-method-3')).toBeNull();
    cleanup();
    await act(async () => void (await db.cart.delete(['ogo', block.variantId])));
    renderPage(DeliveryPage, '/shop/delivery', '/shop/delivery');
    expect(await screen.findByTestId('delivery-method-3')).toBeTruthy();
  });
});

describe('/shop/payment', () => {
  it("cash or card; a call-back window's end follows its start and offers only later times", async () => {
    await fill(GLO, [productRow(1), 1]);
    const { router } = renderPage(PaymentPage, '/shop/payment', '/shop/payment');
    fireEvent.click(await screen.findByTestId('payment-2'));
    await waitFor(async () => expect((await kvGet(db, 'checkoutDrafts'))?.glo?.payment).toBe(2));
    fireEvent.click(screen.getByTestId('need-call'));
    fireEvent.click(await screen.findByTestId('call-day-tomorrow'));
    fireEvent.change(screen.getByTestId('call-from'), { target: { value: '15:00' } });
    const to = screen.getByTestId('call-to') as HTMLSelectElement;
    await waitFor(() => expect(to.value > '15:00').toBe(true));
    const offered = [...to.options].map((o) => o.value).filter(Boolean);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((v) => v > '15:00')).toBe(true);
    expect(offered).not.toContain('12:00');
    fireEvent.change(to, { target: { value: '17:00' } });
    fireEvent.click(screen.getByTestId('payment-next'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop/checkout'));
  });

  it('bonus items only: paid in XP when the balance covers it, refused when it does not', async () => {
    await fill(GLO, [productRow(31, { price: 0, bonuses: 300 }), 2]);
    await act(async () => void (await db.xpBalance.put({ variant: 'glo', balance: 500, fetchedAt: Date.now() })));
    renderPage(PaymentPage, '/shop/payment', '/shop/payment');
    const xp = await screen.findByTestId('payment-xp');
    expect(xp.getAttribute('aria-checked')).toBe('false');
    expect(textOf(xp)).toContain('Потрібно 600 XP, а на рахунку 500 XP');
    expect(screen.getByTestId('payment-next').hasAttribute('disabled')).toBe(true);
    await act(async () => void (await db.xpBalance.put({ variant: 'glo', balance: 900, fetchedAt: Date.now() })));
    await waitFor(() => expect(screen.getByTestId('payment-xp').getAttribute('aria-checked')).toBe('true'));
  });
});

describe('/shop/checkout', () => {
  it('the summary as it will be sent: lines, delivery, payment, call, total; the order button', async () => {
    await fill(GLO, [productRow(1, { title: 'Стіки Класичні', price: 105 }), 2]);
    await act(async () => {
      await kvSet(db, 'memberRecords', {
        glo: {
          id: 101,
          first_name: 'Олена',
          last_name: 'Коваль',
          email: '',
          phone: '380500000001',
          tags: [],
          orders_count: 3,
          total_spent: 0,
        },
      });
      await kvSet(db, 'ageVerified', true);
      await saveDraft(db, 'glo', {
        delivery: {
          method: 1,
          city: 'Київ',
          cityRef: 'r',
          branch: 'Відділення №12: вул. Хрещатик, 22',
          branchNumber: 12,
        },
        payment: 2,
        needCall: true,
        callBack: { day: 'Завтра', from: '10:00', to: '12:00' },
      });
    });
    renderPage(CheckoutPage, '/shop/checkout', '/shop/checkout');
    expect(textOf(await screen.findByTestId('checkout-total'))).toBe('210 грн');
    expect(screen.getAllByTestId('checkout-line')).toHaveLength(1);
    expect(screen.getByTestId('checkout-address').textContent).toBe('Відділення №12: вул. Хрещатик, 22');
    expect(screen.getByTestId('checkout-payment').textContent).toBe('Карткою онлайн');
    expect(screen.getByTestId('checkout-call').textContent).toBe('Завтра, 10:00–12:00');
    expect(screen.getByTestId('place-order').textContent).toBe('Замовити й оплатити');
    expect(screen.queryByTestId('checkout-problems')).toBeNull();
  });

  it('an incomplete delivery blocks the button and says why', async () => {
    await fill(GLO, [productRow(1), 1]);
    await act(async () => void (await saveDraft(db, 'glo', { delivery: { method: 1, city: 'Київ' } })));
    renderPage(CheckoutPage, '/shop/checkout', '/shop/checkout');
    expect((await screen.findByTestId('checkout-problems')).textContent).toContain('Обери відділення перевізника');
    expect(screen.getByTestId('place-order').hasAttribute('disabled')).toBe(true);
  });
});
