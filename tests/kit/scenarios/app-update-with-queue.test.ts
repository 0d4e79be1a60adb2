import { expect } from 'vitest';
import { test } from '../index';

// A new version is deployed while the phone is offline with a scan and a favourite waiting.
// Back online after the version check's five minutes, the app sees the new version and reloads
// itself; the queued changes survive the reload and are sent once.
test('an app update with a queued outbox: the app reloads, the queue is sent once', async ({ s }) => {
  const olena = await s.member();
  const phone = await s.phone(olena);
  const [code] = await s.codes(1, { xp: 25 });
  const [stick] = await phone.screens.products('glo', 'sticks');
  expect(phone.storage.getItem('appVersion')).toBe('1.0.0');
  phone.offline();
  await phone.scan.code(code!);
  await phone.shop.favourite(stick!);

  await s.server.deploy('1.1.0');
  await s.clock.advance('6m');
  phone.online();
  await s.settle();

  expect(phone.storage.getItem('appVersion')).toBe('1.1.0');
  expect(phone.tab.name).toBe('A#2'); // the page that reloaded itself
  expect(await phone.panel.waiting()).toEqual([]);
  const server = await s.state(olena);
  expect(server.scans).toEqual([code]);
  expect(server.xp.glo).toBe(25);
  expect(server.favourites.glo).toEqual([stick!.id]);
});
