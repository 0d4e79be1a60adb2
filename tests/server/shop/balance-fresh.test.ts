import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeXp } from '../../../server/xp';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { guid, printCodes } from '../scan-delivery/support';
import { orderBody, placeOrder, product, withCatalogue } from './support';

/*
 * Whatever changes a balance (a scan, an order, an operator's SQL), the very next get-balance shows
 * it, and a change rolled back never does.
 */

let s: TestServer;
let m: TestMember;
beforeAll(async () => {
  s = await makeTestServer();
  await withCatalogue(s);
  m = await createMember(s, { tags: ['pwa_user', 'age_verified'], xp: 2000, ogoXp: 70 });
});
afterAll(() => s.close());

const balance = async (ogo = false) => {
  const r = await s.get('/api/get-balance', ogo ? { v: 'ogo' } : {}, m.token);
  expect(r.status).toBe(200);
  return r.body.balance as number;
};

describe('get-balance, never stale', () => {
  it('answers the balance of each variant', async () => {
    expect(await balance()).toBe(2000);
    expect(await balance(true)).toBe(70);
  });

  it('a scanned code shows on the next call', async () => {
    await balance();
    const code = guid('balance-fresh-scan');
    await printCodes(s, [{ code, xp: 25 }]);
    expect((await s.post('/api/scan/scan-code', { code }, m.token)).status).toBe(200);
    expect(await balance()).toBe(2025);
  });

  it('an order paid in XP shows on the next call; the other variant’s balance is read again too', async () => {
    expect(await balance()).toBe(2025);
    expect(await balance(true)).toBe(70);
    const thermo = await product(s, 'bonus-thermo');
    const r = await placeOrder(s, m, orderBody([{ variant_id: thermo.variant_id }], { payment: 2 }));
    expect(r.status).toBe(200);
    expect(await balance()).toBe(825);
    expect(await balance(true)).toBe(70);
  });

  it('a change made straight in SQL (an operator, an import) shows on the next call', async () => {
    expect(await balance()).toBe(825);
    await s.deps.db.updateTable('customers').set({ xp_balance: 333 }).where('id', '=', m.glo.id).execute();
    expect(await balance()).toBe(333);
  });

  it('a change rolled back leaves the committed balance, read again from the database', async () => {
    expect(await balance()).toBe(333);
    await expect(
      s.deps.db.transaction().execute(async (trx) => {
        await changeXp(trx, {
          customerId: m.glo.id,
          amount: 100,
          reason: 'welcome',
          title: 'Бонус',
          now: s.clock.now(),
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await balance()).toBe(333);
  });

  it('a deleted record is not answered: a fresh record starts at zero', async () => {
    const n = await createMember(s, { xp: 90 });
    expect((await s.get('/api/get-balance', {}, n.token)).body.balance).toBe(90);
    await s.deps.db.deleteFrom('customers').where('id', '=', n.glo.id).execute();
    expect((await s.get('/api/get-balance', {}, n.token)).body.balance).toBe(0);
  });
});
