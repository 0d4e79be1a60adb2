import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { certServer, certToken, register } from './support';

let s: TestServer;
let partnerId: number;
/** ТехноСвіт's 500 UAH nominal costs this many XP. */
let price500: number;
beforeAll(async () => ({ s, partnerId, price500 } = await certServer()));
afterAll(() => s.close());

async function buyer(xp: number, ogoXp = 0): Promise<{ m: TestMember; token: string }> {
  const m = await createMember(s, { xp, ogoXp });
  const token = await certToken(s, m);
  expect((await register(s, m, token)).status).toBe(200);
  return { m, token };
}

const balanceOf = async (customerId: number) =>
  (await s.deps.db.selectFrom('customers').select('xp_balance').where('id', '=', customerId).executeTakeFirstOrThrow())
    .xp_balance;
const certsOf = (memberId: number) =>
  s.deps.db.selectFrom('cert_certificates').selectAll().where('member_id', '=', memberId).execute();

describe('cert/create (docs/rules.md#validation: needs a valid certificate token)', () => {
  it('buys a certificate at the server’s XP price, whatever the app says the price is', async () => {
    const { m, token } = await buyer(2000);
    const r = await s.post('/api/cert/create', { token, partnerId, nominal: 500, xp: 1, price: 1 }, m.token);
    expect(r.status).toBe(200);
    expect(r.body.balance).toBe(2000 - price500);
    expect(r.body.certificate).toMatchObject({
      partnerId,
      partnerName: 'ТехноСвіт',
      nominal: 500,
      xpPrice: price500,
      status: 'active',
      code: null,
    });
    expect(await balanceOf(m.glo.id)).toBe(2000 - price500);
    const ledger = await s.deps.db.selectFrom('xp_ledger').selectAll().where('customer_id', '=', m.glo.id).execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amount: -price500, reason: 'certificate', ref: `cert:${r.body.certificate.id}` });
    const stored = await certsOf(m.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.code).toMatch(/^TSV-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    // Valid for a year.
    expect(Date.parse(r.body.certificate.expires_at) - s.clock.now().getTime()).toBe(365 * 86_400_000);
  });

  it('pays from the ogo record when asked for the ogo variant', async () => {
    const { m, token } = await buyer(0, 1500);
    const r = await s.post('/api/cert/create', { token, partnerId, nominal: 500, ogo: true }, m.token);
    expect(r.status).toBe(200);
    expect(await balanceOf(m.ogo.id)).toBe(1500 - price500);
    expect(await balanceOf(m.glo.id)).toBe(0);
  });

  it('refuses a purchase with too little XP: 422, nothing deducted, no certificate', async () => {
    const { m, token } = await buyer(price500 - 1);
    const r = await s.post('/api/cert/create', { token, partnerId, nominal: 500 }, m.token);
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('insufficient_xp');
    expect(await balanceOf(m.glo.id)).toBe(price500 - 1);
    expect(await certsOf(m.id)).toHaveLength(0);
    expect(
      await s.deps.db.selectFrom('xp_ledger').selectAll().where('customer_id', '=', m.glo.id).execute(),
    ).toHaveLength(0);
  });

  it('cannot overdraw with two purchases at once', async () => {
    const { m, token } = await buyer(price500 + 10);
    const [x, y] = await Promise.all([
      s.post('/api/cert/create', { token, partnerId, nominal: 500 }, m.token),
      s.post('/api/cert/create', { token, partnerId, nominal: 500 }, m.token),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 422]);
    expect(await balanceOf(m.glo.id)).toBe(10);
    expect(await certsOf(m.id)).toHaveLength(1);
  });

  it('buys once per Idempotency-Key however often the outbox replays it', async () => {
    const { m, token } = await buyer(3000);
    const key = randomUUID();
    const body = { token, partnerId, nominal: 500 };
    const first = await s.call('POST', '/api/cert/create', { body, token: m.token, idem: key });
    const again = await s.call('POST', '/api/cert/create', { body, token: m.token, idem: key });
    expect(first.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await certsOf(m.id)).toHaveLength(1);
    expect(await balanceOf(m.glo.id)).toBe(3000 - price500);
  });

  it('refuses unknown partners (404), nominals the partner does not sell (422) and bad fields (400)', async () => {
    const { m, token } = await buyer(5000);
    const unknown = await s.post('/api/cert/create', { token, partnerId: 99_999, nominal: 500 }, m.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('partner_not_found');
    const odd = await s.post('/api/cert/create', { token, partnerId, nominal: 750 }, m.token);
    expect(odd.status).toBe(422);
    expect(odd.body.error.code).toBe('nominal_not_offered');
    for (const body of [
      { token, partnerId },
      { token, partnerId, nominal: -500 },
      { token, partnerId: 'x', nominal: 500 },
      { partnerId, nominal: 500 },
    ]) {
      expect((await s.post('/api/cert/create', body, m.token)).status).toBe(400);
    }
    expect(await balanceOf(m.glo.id)).toBe(5000);
    expect(await certsOf(m.id)).toHaveLength(0);
  });

  it('needs registration with the partner service first', async () => {
    const m = await createMember(s, { xp: 5000 });
    const token = await certToken(s, m);
    const r = await s.post('/api/cert/create', { token, partnerId, nominal: 500 }, m.token);
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('cert_not_registered');
    expect(await balanceOf(m.glo.id)).toBe(5000);
  });

  it('refuses another member’s or a dead certificate token, and a missing bearer (docs/rules.md#error-reactions)', async () => {
    const a = await buyer(5000);
    const b = await buyer(5000);
    const foreign = await s.post('/api/cert/create', { token: a.token, partnerId, nominal: 500 }, b.m.token);
    expect(foreign.status).toBe(401);
    expect(foreign.body.error.code).toBe('cert_unauthenticated');
    const noBearer = await s.post('/api/cert/create', { token: a.token, partnerId, nominal: 500 });
    expect(noBearer.body.error.code).toBe('UNAUTHORIZED_IN_APP');
    expect(await balanceOf(a.m.glo.id)).toBe(5000);
    expect(await balanceOf(b.m.glo.id)).toBe(5000);
  });
});

describe('cert/get-cert-list', () => {
  it('lists only the caller’s certificates, newest first, with codes hidden', async () => {
    const a = await buyer(5000);
    const b = await buyer(5000);
    await s.post('/api/cert/create', { token: a.token, partnerId, nominal: 500 }, a.m.token);
    await s.post('/api/cert/create', { token: a.token, partnerId, nominal: 1000 }, a.m.token);
    const list = await s.post('/api/cert/get-cert-list', { token: a.token }, a.m.token);
    expect(list.status).toBe(200);
    expect(list.body.revealed).toBe(false);
    expect(list.body.pin).toBe('none');
    expect(list.body.certificates.map((c: { nominal: number }) => c.nominal)).toEqual([1000, 500]);
    expect(list.body.certificates.every((c: { code: unknown }) => c.code === null)).toBe(true);
    const theirs = await s.post('/api/cert/get-cert-list', { token: b.token }, b.m.token);
    expect(theirs.body.certificates).toEqual([]);
    const borrowed = await s.post('/api/cert/get-cert-list', { token: a.token }, b.m.token);
    expect(borrowed.status).toBe(401);
    expect(borrowed.body.error.code).toBe('cert_unauthenticated');
  });

  it('shows a certificate past its date as expired', async () => {
    const a = await buyer(5000);
    await s.post('/api/cert/create', { token: a.token, partnerId, nominal: 500 }, a.m.token);
    await s.deps.db
      .updateTable('cert_certificates')
      .set({ expires_at: '2020-01-01T00:00:00.000Z' })
      .where('member_id', '=', a.m.id)
      .execute();
    const list = await s.post('/api/cert/get-cert-list', { token: a.token }, a.m.token);
    expect(list.body.certificates[0].status).toBe('expired');
  });

  it('answers 400 for a missing token and 401 UNAUTHORIZED_IN_APP without a bearer', async () => {
    const a = await buyer(0);
    expect((await s.post('/api/cert/get-cert-list', {}, a.m.token)).status).toBe(400);
    const r = await s.post('/api/cert/get-cert-list', { token: a.token });
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('UNAUTHORIZED_IN_APP');
  });
});
