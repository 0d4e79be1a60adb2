import { expect } from 'vitest';
import { test } from '../index';

// Four codes wait on the phone. Back online, the server dies right after crediting the second
// (its answer never arrives). The phone keeps the rest, backs off, and once the server is up
// again every code is credited exactly once.
test('the server killed mid-replay: every scan credited once after it is back', async ({ s }) => {
  const olena = await s.member();
  const phone = await s.phone(olena);
  const codes = await s.codes(4, { xp: 10 });
  phone.offline();
  for (const c of codes) await phone.scan.code(c);

  s.server.dieOn({ path: '/scan/scan-code', nth: 2, when: 'after' });
  phone.online();
  await s.settle();
  expect(await phone.panel.line()).toMatch(/^3 зміни не надіслані: немає зв’язку з сервером · спроба за \d+ с$/);

  await s.server.start();
  await s.clock.advance('1m');
  expect(await phone.panel.line()).toBeNull(); // nothing waits, nothing was refused
  expect(await phone.screens.balance()).toBe(40);
  const server = await s.state(olena);
  expect(server.scans).toEqual([...codes].sort());
  expect(server.xp.glo).toBe(40);
});
