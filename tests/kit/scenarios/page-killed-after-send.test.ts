import { expect } from 'vitest';
import { test } from '../index';

// Feedback with two photos on a delivered order. The page dies just after the server stored it,
// before the answer arrived. Opened again, the app sends it once more under the same key: the
// server answers what it stored, and there is one feedback with its two photos.
test('a page killed after the server got the feedback: reopened, it is applied once', async ({ s }) => {
  const olena = await s.member();
  const phone = await s.phone(olena);
  const [stick] = await phone.screens.products('glo', 'sticks');
  await phone.shop.addToCart(stick!);
  const { orderId } = (await phone.checkout.order()).value!;
  await s.deliver(orderId!);

  phone.network.failOn('/feedback/send', 'kill-after');
  const feedback = await phone.club.feedback({ orderId: orderId!, rating: 5, photos: 2 });
  expect(phone.tabs).toHaveLength(0); // the app died mid-send
  await phone.open();

  expect(await feedback.state()).toEqual({ state: 'applied' });
  expect(await phone.screens.feedback()).toMatchObject([{ orderId, state: 'sent' }]);
  expect((await s.state(olena)).feedback).toEqual([
    { kind: 'online', orderId, purchaseId: null, rating: 5, photos: 2 },
  ]);
});
