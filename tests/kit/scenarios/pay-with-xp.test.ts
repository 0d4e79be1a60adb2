import { expect } from 'vitest';
import { test } from '../index';

// A gift bought with XP: refused at once while offline (orders are online only, the cart is
// kept), then placed online. Every screen shows the balance the order left: on this phone at
// once, on the member's other phone when it opens the app after the balance's 10 fresh minutes.
test('pay with XP: an order refused offline, then placed; both phones show the new balance', async ({ s }) => {
  const olena = await s.member({ xp: 500 });
  const a = await s.phone(olena);
  const b = await s.phone(olena);
  const gift = (await a.screens.products('glo')).find((p) => p.bonuses && p.bonuses <= 500)!;
  await a.shop.addToCart(gift);

  a.offline();
  const offline = await a.checkout.order();
  expect(offline).toMatchObject({ at: 'refused', says: expect.stringContaining('лише онлайн') });
  expect(await a.screens.cart()).toHaveLength(1);

  a.online();
  const order = await a.checkout.order();
  expect(order.at).toBe('sent');
  expect(await a.screens.balance()).toBe(500 - gift.bonuses!);
  await s.clock.advance('10m');
  await b.restart();
  expect(await b.screens.balance()).toBe(500 - gift.bonuses!);
  const server = await s.state(olena);
  expect(server.xp.glo).toBe(500 - gift.bonuses!);
  expect(server.orders).toMatchObject([{ xpTotal: gift.bonuses, total: 0, status: 'paid' }]);
});
