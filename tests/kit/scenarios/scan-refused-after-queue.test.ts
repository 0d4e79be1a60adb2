import { expect } from 'vitest';
import { test } from '../index';

// Three codes scanned with no signal; meanwhile another member scans one of the same packs.
// Back online: two are credited, the third is refused for good with the server's reason (no retry
// can help, so the panel offers the way to support), told once in the sync panel and on /scanning;
// the balance every screen shows counts only the two.
test('a scan refused after an offline queue: told why, the others credited', async ({ s }) => {
  const olena = await s.member();
  const andrii = await s.member({ firstName: 'Андрій' });
  const phone = await s.phone(olena);
  const other = await s.phone(andrii);
  const [c1, c2, c3] = await s.codes(3, { xp: 20 });
  phone.offline();
  for (const c of [c1!, c2!, c3!]) await phone.scan.code(c);
  await other.scan.code(c2!);

  phone.online();
  await s.settle();

  const refused = await phone.panel.refused();
  expect(refused).toEqual([
    {
      kind: 'scan-code',
      what: `Скан коду ${c2}`,
      why: 'Цей код уже використав інший учасник клубу.',
      final: true,
      fixAt: { path: '/support', label: 'Написати в підтримку' },
    },
  ]);
  expect((await phone.screens.scans()).map((x) => x.state)).toEqual(['credited', 'refused', 'credited']);
  expect(await phone.screens.balance()).toBe(40);
  expect(await phone.panel.line()).toBe('1 зміну не збережено');
  const server = await s.state(olena);
  expect(server.xp.glo).toBe(40);
  expect(server.scans).toEqual([c1!, c3!].sort());
});
