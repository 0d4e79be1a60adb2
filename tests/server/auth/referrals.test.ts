import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWithSms, type SignedIn } from '../../support/auth';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { insertOrder } from '../../support/orders';
import { handOverOrder } from '../../../server/routes/shop/order-status';
import { ledgerOf, orderBody, placeOrder, product, withCatalogue } from '../shop/support';

/** docs/api.md#user GET /api/user/get-referrals: only the caller's invitees (member-get-member, docs/rules.md#product). */

let s: TestServer;
let a: TestMember;
let b: TestMember;
let x: SignedIn;
let y: SignedIn;
let z: SignedIn;
beforeAll(async () => {
  s = await makeTestServer();
  a = await createMember(s, { phone: '380501115501' });
  b = await createMember(s, { phone: '380501115502' });
  await s.deps.db.updateTable('members').set({ mgm_code: 'REW-ALPHA1' }).where('id', '=', a.id).execute();
  await s.deps.db.updateTable('members').set({ mgm_code: 'REW-BRAVO2' }).where('id', '=', b.id).execute();
  x = await registerWithSms(s, {
    phone: '380671115501',
    first_name: 'Марія',
    last_name: 'Шевченко',
    referrer: 'REW-ALPHA1',
  });
  s.clock.advance(3_600_000);
  y = await registerWithSms(s, {
    phone: '380671115502',
    first_name: 'Ярослав',
    last_name: 'Ярмоленко',
    referrer: 'rew-alpha1',
  });
  z = await registerWithSms(s, {
    phone: '380671115503',
    first_name: 'Зоряна',
    last_name: 'Зінченко',
    referrer: 'REW-BRAVO2',
  });
});
afterAll(() => s.close());

const addOrder = (customerId: number, financial: string) =>
  insertOrder(s, customerId, { financial_status: financial, total: 49_900 });

const referrals = (token: string) => s.get('/api/user/get-referrals', {}, token);

describe('get-referrals', () => {
  it("lists only the caller's invitees, newest first, with first name, last-name initial and join time", async () => {
    const r = await referrals(a.token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      mgmCode: 'REW-ALPHA1',
      count: 2,
      ordered: 0,
      referrals: [
        {
          first_name: 'Ярослав',
          last_initial: 'Я.',
          joined_at: new Date(s.clock.now()).toISOString(),
          first_order: false,
          xp: 0,
          pending_xp: 0,
        },
        {
          first_name: 'Марія',
          last_initial: 'Ш.',
          joined_at: expect.any(String),
          first_order: false,
          xp: 0,
          pending_xp: 0,
        },
      ],
      earned: { glo: 0, ogo: 0 },
      pending: 0,
    });
    const other = await referrals(b.token);
    expect(other.body.referrals.map((p: { first_name: string }) => p.first_name)).toEqual(['Зоряна']);
  });

  it('shows no more of an invitee than the first name and an initial (no phone, e-mail or surname)', async () => {
    const text = JSON.stringify((await referrals(a.token)).body);
    for (const secret of ['380671115501', '380671115502', 'Шевченко', 'Ярмоленко', '@example.com'])
      expect(text).not.toContain(secret);
  });

  it('marks an invitee who placed an order that did not fail, on any variant', async () => {
    await addOrder(x.body.customer.id, 'paid');
    await addOrder(y.body.customer.id, 'failed');
    await addOrder(z.body.customer.id, 'pending');
    const r = await referrals(a.token);
    expect(r.body.ordered).toBe(1);
    expect(
      r.body.referrals.map((p: { first_name: string; first_order: boolean }) => [p.first_name, p.first_order]),
    ).toEqual([
      ['Ярослав', false],
      ['Марія', true],
    ]);
    expect((await referrals(b.token)).body).toMatchObject({ count: 1, ordered: 1 });
  });

  it('answers an empty list and no code for a member who invited no one, and invitees see their own (empty) list', async () => {
    const c = await createMember(s);
    const none = { mgmCode: null, count: 0, ordered: 0, referrals: [], earned: { glo: 0, ogo: 0 }, pending: 0 };
    expect((await referrals(c.token)).body).toEqual(none);
    expect((await referrals(x.token)).body).toEqual(none);
  });

  it('ignores any query that tries to name another member', async () => {
    const r = await s.call('GET', '/api/user/get-referrals', {
      query: { member_id: String(a.id), mgmCode: 'REW-ALPHA1' },
      token: b.token,
    });
    expect(r.status).toBe(200);
    expect(r.body.mgmCode).toBe('REW-BRAVO2');
    expect(r.body.count).toBe(1);
  });
});

describe('get-referrals after a first order with the member’s code', () => {
  it('lists a friend who joined without a code and then ordered with it, as ordered, with the XP owed until the order is handed over', async () => {
    await withCatalogue(s);
    const amber = await product(s, 'sticks-amber-20');
    const inviter = await createMember(s, { phone: '380501115503' });
    await s.deps.db.updateTable('members').set({ mgm_code: 'REW-CHARL3' }).where('id', '=', inviter.id).execute();
    const friend = await createMember(s, { phone: '380671115504', tags: ['pwa_user', 'age_verified'] });
    expect((await referrals(inviter.token)).body).toMatchObject({ count: 0, ordered: 0 });

    const r = await placeOrder(
      s,
      friend,
      orderBody([{ variant_id: amber.variant_id }], { friendPromocode: 'rew-charl3' }),
    );
    expect(r.status).toBe(200);
    // Not handed over yet: nothing in the XP history, 300 owed, and the list says the same.
    expect(await ledgerOf(s, inviter.glo.id)).toEqual([]);
    const after = await referrals(inviter.token);
    expect(after.body).toMatchObject({
      count: 1,
      ordered: 1,
      earned: { glo: 0, ogo: 0 },
      pending: 300,
      referrals: [expect.objectContaining({ first_order: true, xp: 0, pending_xp: 300 })],
    });
    // Handed over: the XP history has the reward line, and the referral list agrees with it.
    await handOverOrder(s.deps, r.body.order.id, s.clock.now());
    expect(await ledgerOf(s, inviter.glo.id)).toEqual([expect.objectContaining({ amount: 300, reason: 'referral' })]);
    expect((await referrals(inviter.token)).body).toMatchObject({
      earned: { glo: 300, ogo: 0 },
      pending: 0,
      referrals: [expect.objectContaining({ xp: 300, pending_xp: 0 })],
    });
    const row = await s.deps.db
      .selectFrom('members')
      .select('referred_by')
      .where('id', '=', friend.id)
      .executeTakeFirstOrThrow();
    expect(row.referred_by).toBe(inviter.id);
  });

  it('keeps the registration’s inviter and shows the friend to the code’s owner as well', async () => {
    const amber = await product(s, 'sticks-amber-20');
    const friend = await registerWithSms(s, {
      phone: '380671115505',
      first_name: 'Олег',
      last_name: 'Орлов',
      referrer: 'REW-ALPHA1',
    });
    const r = await s.post(
      '/api/api-shop/create-order',
      orderBody([{ variant_id: amber.variant_id }], { friendPromocode: 'REW-BRAVO2' }),
      friend.token,
    );
    expect(r.status).toBe(200);
    const byB = (await referrals(b.token)).body.referrals.map((p: { first_name: string; first_order: boolean }) => [
      p.first_name,
      p.first_order,
    ]);
    expect(byB).toContainEqual(['Олег', true]);
    const byA = (await referrals(a.token)).body.referrals.map((p: { first_name: string }) => p.first_name);
    expect(byA).toContain('Олег');
    const row = await s.deps.db
      .selectFrom('members')
      .select('referred_by')
      .where('phone', '=', '380671115505')
      .executeTakeFirstOrThrow();
    expect(row.referred_by).toBe(a.id);
  });
});
