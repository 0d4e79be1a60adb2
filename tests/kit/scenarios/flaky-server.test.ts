import { expect } from 'vitest';
import { test } from '../index';

// The server is struggling: a device registration meets a 503, then a 429. The indicator says
// why it waits and when it tries again; the screen told the member it will register once it can.
// When the time comes the registration goes through once, with its XP.
test('a flaky server: the indicator says why and when, the registration goes once', async ({ s }) => {
  const olena = await s.member();
  const phone = await s.phone(olena);
  const [serial] = await s.serials(1);

  phone.network.fail('503', '429');
  const reg = await phone.scan.device(serial!);
  expect(reg.says).toBe('Немає зв’язку: пристрій зареєструється, щойно з’явиться інтернет');
  expect(await phone.panel.line()).toBe('1 зміна не надіслана: сервер тимчасово недоступний · спроба за 2 с');

  await s.clock.advance('2s');
  expect(await phone.panel.line()).toMatch(/^1 зміна не надіслана: сервер просить зачекати · спроба за \d+ с$/);
  await s.clock.advance('1m');
  expect(await reg.state()).toEqual({ state: 'applied' });
  expect(await phone.screens.devices()).toMatchObject([{ serial, state: 'registered' }]);
  expect(await phone.screens.balance()).toBe(100);
  expect(await s.state(olena)).toMatchObject({ devices: [serial], xp: { glo: 100 } });
});
