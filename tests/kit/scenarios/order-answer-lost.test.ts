import { expect } from 'vitest';
import { test } from '../index';

// The member orders; the server places the order but its answer is lost on the way back. The
// checkout says the order is on its way; the outbox sends it again under the same key, the
// server answers the order it already made: one order, the cart cleared, the history shows it.
test('an order whose answer is lost: told it is on its way, placed once', async ({ s }) => {
  const olena = await s.member();
  const phone = await s.phone(olena);
  const [stick] = await phone.screens.products('glo', 'sticks');
  await phone.shop.addToCart(stick!, 3);

  phone.network.fail('lose');
  const order = await phone.checkout.order();
  expect(order.at).toBe('queued');
  expect(order.says).toContain('другого замовлення не буде');
  expect(await order.state()).toEqual({ state: 'pending' });

  await s.clock.advance('30s');
  expect(await order.state()).toEqual({ state: 'applied' });
  await phone.checkout.open();
  const server = await s.state(olena);
  expect(server.orders).toHaveLength(1);
  expect(server.orders[0]!.total).toBe(stick!.price * 3 * 100);
  expect(await phone.screens.orders()).toMatchObject([{ id: server.orders[0]!.id }]);
  expect(await phone.screens.cart()).toEqual([]);
  expect(server.cart.glo).toEqual([]);
});
