import { expect } from 'vitest';
import { test } from '../index';

// The app open in two tabs of one phone, both acting offline. Back online both tabs' triggers
// fire, but one replayer at a time holds the phone's Web Lock: one request on its way at once,
// and every change applied once.
test('two tabs offline then online: one replayer at a time, every change once', async ({ s }) => {
  const olena = await s.member();
  const phone = await s.phone(olena);
  const second = await phone.open();
  const codes = await s.codes(4, { xp: 5 });
  phone.offline();
  for (const c of codes.slice(0, 2)) await phone.scan.code(c);
  phone.focus(second);
  for (const c of codes.slice(2)) await phone.scan.code(c);
  expect(await phone.panel.line()).toBe('Офлайн · 4 зміни чекають на зв’язок');

  phone.network.slow(20); // each answer takes a while: two replayers would overlap
  phone.online();
  await s.settle();
  expect(phone.network.maxSendsInFlight).toBe(1);
  expect(await phone.panel.waiting()).toEqual([]);
  const server = await s.state(olena);
  expect(server.scans).toEqual([...codes].sort());
  expect(server.xp.glo).toBe(20);
});
