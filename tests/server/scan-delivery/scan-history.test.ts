import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { guid, printCodes } from './support';

let s: TestServer;
let a: TestMember;
let b: TestMember;
const codes: string[] = [];
beforeAll(async () => {
  s = await makeTestServer();
  a = await createMember(s);
  b = await createMember(s);
  for (let i = 0; i < 45; i += 1) codes.push(guid(`history-${i}`));
  await printCodes(
    s,
    codes.map((code, i) => ({ code, xp: 10 + (i % 3), product: `Продукт ${i}` })),
  );
  await printCodes(s, [
    { code: guid('history-ogo'), variant: 'ogo', xp: 50 },
    { code: guid('history-b'), xp: 5 },
  ]);
  for (const code of codes) {
    s.clock.advance(60_000);
    expect((await s.post('/api/scan/scan-code', { code }, a.token)).status).toBe(200);
  }
  await s.post('/api/scan/scan-code', { code: guid('history-ogo'), ogo: true }, a.token);
  await s.post('/api/scan/scan-code', { code: guid('history-b') }, b.token);
});
afterAll(() => s.close());

const history = (m: TestMember, body: unknown) => s.post('/api/scan/get-history', body, m.token);

describe('scan/get-history {offset}: the member’s scans, newest first, 20 a page (docs/api.md#scan)', () => {
  it('pages 20, 20, 5 with total, XP sum and next offset, newest first', async () => {
    const p1 = await history(a, { offset: 0 });
    expect(p1.status).toBe(200);
    expect(p1.body).toMatchObject({ total: 45, offset: 0, pageSize: 20, nextOffset: 20 });
    expect(p1.body.coinCount).toBe(codes.reduce((sum, _c, i) => sum + 10 + (i % 3), 0));
    expect(p1.body.items).toHaveLength(20);
    expect(p1.body.items[0]).toMatchObject({
      uuid: codes[44],
      product: 'Продукт 44',
      xp: 10 + (44 % 3),
      variant: 'glo',
      source: 'single',
    });
    const dates = p1.body.items.map((i: { date: string }) => i.date);
    expect([...dates].sort().reverse()).toEqual(dates);

    const p2 = await history(a, { offset: 20 });
    expect(p2.body.nextOffset).toBe(40);
    expect(p2.body.items[0].uuid).toBe(codes[24]);
    const p3 = await history(a, { offset: 40 });
    expect(p3.body.items.map((i: { uuid: string }) => i.uuid)).toEqual(codes.slice(0, 5).reverse());
    expect(p3.body.nextOffset).toBeNull();
    const seen = new Set([...p1.body.items, ...p2.body.items, ...p3.body.items].map((i: { uuid: string }) => i.uuid));
    expect(seen.size).toBe(45);
  });

  it('defaults to the first page, shows an empty page past the end, and keeps variants and members apart', async () => {
    expect((await history(a, {})).body.items[0].uuid).toBe(codes[44]);
    const past = await history(a, { offset: 100 });
    expect(past.body).toMatchObject({ items: [], total: 45, nextOffset: null });
    const ogo = await history(a, { offset: 0, ogo: true });
    expect(ogo.body.total).toBe(1);
    expect(ogo.body.items[0]).toMatchObject({ uuid: guid('history-ogo'), variant: 'ogo', xp: 50 });
    const other = await history(b, { offset: 0 });
    expect(other.body.total).toBe(1);
    expect(other.body.items[0].uuid).toBe(guid('history-b'));
  });

  it('refuses a bad offset with 400', async () => {
    for (const offset of [-1, 1.5, '20', null, 2_000_000]) {
      const r = await history(a, { offset });
      expect(r.status, String(offset)).toBe(400);
    }
  });

  it('needs a signed-in member (401)', async () => {
    expect((await s.post('/api/scan/get-history', { offset: 0 })).status).toBe(401);
  });
});
