import { expect } from 'vitest';
import { test } from '../index';

// Offline, the member scans a code and adds a favourite, then logs out. The menu first tries to
// send them, then says what would be lost; the member waits. «Вийти все одно» later drops them:
// nothing of them reaches the server, the phone keeps nothing of the member.
test('a logout with changes waiting: told what would be lost, dropped only when the member insists', async ({ s }) => {
  const olena = await s.member();
  const phone = await s.phone(olena);
  const [code] = await s.codes(1);
  const [stick] = await phone.screens.products('glo', 'sticks');
  phone.offline();
  const scan = await phone.scan.code(code!);
  await phone.shop.favourite(stick!);

  const asked = await phone.session.logout();
  expect(asked.says).toBe('1 скан, 1 зміну обраного не надіслано');
  expect(await phone.screens.session()).not.toBeNull();

  const left = await phone.session.logout({ anyway: true });
  expect(left.at).toBe('sent');
  expect(await scan.state()).toEqual({ state: 'dropped' });
  expect(await phone.screens.session()).toBeNull();
  expect(await phone.panel.waiting()).toEqual([]);
  phone.online();
  await s.settle();
  expect(await s.state(olena)).toMatchObject({ scans: [], favourites: { glo: [] } });
});
