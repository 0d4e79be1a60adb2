import { expect } from 'vitest';
import { test } from '../index';

// Two phones of one member, both offline, each adding favourites and cart lines: back online,
// the server and both phones hold the union (counts added), and nothing was sent twice.
test('two phones offline then online: both phones’ favourites and cart lines kept', async ({ s }) => {
  const olena = await s.member();
  const a = await s.phone(olena);
  const b = await s.phone(olena);
  const [p1, p2, p3] = await a.screens.products('glo', 'sticks');
  a.offline();
  b.offline();
  await a.shop.favourite(p1!);
  await b.shop.favourite(p2!);
  await a.shop.addToCart(p3!, 2);
  await b.shop.addToCart(p3!, 1);
  expect(await a.panel.line()).toBe('Офлайн · 2 зміни чекають на зв’язок');

  a.online();
  b.online();
  await s.settle();
  await b.shop.openCart();

  const server = await s.state(olena);
  expect(server.favourites.glo).toEqual([p1!.id, p2!.id].sort((x, y) => x - y));
  expect(server.cart.glo).toEqual([{ variantId: p3!.variantId, count: 3 }]);
  expect(await b.screens.cart()).toMatchObject([{ variantId: p3!.variantId, count: 3 }]);
  expect(await a.panel.waiting()).toEqual([]);
});
