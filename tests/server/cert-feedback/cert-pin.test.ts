import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCertCatalogue } from '../../../server/seed/cert-feedback';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { certToken, register } from './support';

let s: TestServer;
let partnerId: number;
beforeAll(async () => {
  s = await makeTestServer();
  await seedCertCatalogue(s.deps);
  partnerId = (
    await s.deps.db.selectFrom('cert_partners').select('id').where('name', '=', 'Кіномакс').executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => s.close());

/** A member with one certificate and a live certificate token. */
async function holder(): Promise<{ m: TestMember; token: string }> {
  const m = await createMember(s, { xp: 1000 });
  const token = await certToken(s, m);
  await register(s, m, token);
  expect((await s.post('/api/cert/create', { token, partnerId, nominal: 200 }, m.token)).status).toBe(200);
  return { m, token };
}

async function lastSmsCode(phone: string): Promise<string> {
  const row = await s.deps.db
    .selectFrom('sms_outbox')
    .select('code')
    .where('phone', '=', phone)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return row.code ?? '';
}

/** Sets and confirms a PIN. */
async function setPin(h: { m: TestMember; token: string }, pin: string): Promise<void> {
  expect((await s.post('/api/cert/pin/store', { code: pin, token: h.token }, h.m.token)).status).toBe(200);
  const code = await lastSmsCode(h.m.phone);
  expect((await s.post('/api/cert/pin/enter-sms', { code, token: h.token }, h.m.token)).status).toBe(200);
}

const pinToken = (h: { m: TestMember; token: string }, pin: string) =>
  s.post('/api/cert/pin/token', { code: pin, token: h.token }, h.m.token);

describe('certificate PIN flow', () => {
  it('store -> SMS -> enter-sms -> pin/token, and the PIN token reveals the codes', async () => {
    const h = await holder();
    const stored = await s.post('/api/cert/pin/store', { code: '2580', token: h.token }, h.m.token);
    expect(stored.status).toBe(200);
    expect(stored.body.status).toBe('sms_sent');
    expect(stored.body.phone).toMatch(/\*\*\*/);
    const sms = await lastSmsCode(h.m.phone);
    expect(sms).toMatch(/^\d{6}$/);
    let list = await s.post('/api/cert/get-cert-list', { token: h.token }, h.m.token);
    expect(list.body.pin).toBe('pending');
    expect((await pinToken(h, '2580')).body.error.code).toBe('pin_not_set');

    expect((await s.post('/api/cert/pin/enter-sms', { code: sms, token: h.token }, h.m.token)).body).toEqual({
      status: 'active',
    });
    const t = await pinToken(h, '2580');
    expect(t.status).toBe(200);
    expect(Date.parse(t.body.expired_at) - s.clock.now().getTime()).toBe(5 * 60_000);
    list = await s.post('/api/cert/get-cert-list', { token: h.token, pinToken: t.body.token }, h.m.token);
    expect(list.body.revealed).toBe(true);
    expect(list.body.pin).toBe('active');
    const stored0 = await s.deps.db
      .selectFrom('cert_certificates')
      .select('code')
      .where('member_id', '=', h.m.id)
      .executeTakeFirstOrThrow();
    expect(list.body.certificates[0].code).toBe(stored0.code);

    // The PIN is kept only as a salted scrypt hash.
    const pinRow = await s.deps.db
      .selectFrom('cert_pins')
      .selectAll()
      .where('member_id', '=', h.m.id)
      .executeTakeFirstOrThrow();
    expect(pinRow.pin_hash).toMatch(/^scrypt\$/);
    expect(pinRow.pin_hash).not.toContain('2580');

    s.clock.advance(5 * 60_000 + 1);
    list = await s.post('/api/cert/get-cert-list', { token: h.token, pinToken: t.body.token }, h.m.token);
    expect(list.body.revealed).toBe(false);
    expect(list.body.certificates[0].code).toBeNull();
  });

  it('refuses bad PINs and SMS codes with 400, too simple PINs with 422', async () => {
    const h = await holder();
    for (const code of ['123', '12345', 'abcd', '12a4']) {
      expect((await s.post('/api/cert/pin/store', { code, token: h.token }, h.m.token)).status).toBe(400);
    }
    for (const code of ['0000', '1234', '9876', '4321']) {
      const r = await s.post('/api/cert/pin/store', { code, token: h.token }, h.m.token);
      expect(r.status).toBe(422);
      expect(r.body.error.code).toBe('pin_too_simple');
    }
    expect(await s.deps.db.selectFrom('sms_outbox').selectAll().where('phone', '=', h.m.phone).execute()).toHaveLength(
      0,
    );
    expect((await s.post('/api/cert/pin/enter-sms', { code: '12345', token: h.token }, h.m.token)).status).toBe(400);
    expect(
      (await s.post('/api/cert/pin/enter-sms', { code: '123456', token: h.token }, h.m.token)).body.error.code,
    ).toBe('pin_sms_missing');
  });

  it('sends a new SMS code at most once a minute (429 with Retry-After)', async () => {
    const h = await holder();
    expect((await s.post('/api/cert/pin/store', { code: '2468', token: h.token }, h.m.token)).status).toBe(200);
    const soon = await s.post('/api/cert/pin/store', { code: '2469', token: h.token }, h.m.token);
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);
    s.clock.advance(60_000);
    expect((await s.post('/api/cert/pin/store', { code: '2469', token: h.token }, h.m.token)).status).toBe(200);
    expect(await s.deps.db.selectFrom('sms_outbox').selectAll().where('phone', '=', h.m.phone).execute()).toHaveLength(
      2,
    );
  });

  it('voids the pending PIN after 5 wrong SMS codes, and refuses an expired code', async () => {
    const h = await holder();
    await s.post('/api/cert/pin/store', { code: '1357', token: h.token }, h.m.token);
    const right = await lastSmsCode(h.m.phone);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const r = await s.post('/api/cert/pin/enter-sms', { code: wrong, token: h.token }, h.m.token);
      expect(r.body.error.code).toBe('sms_code_invalid');
    }
    const late = await s.post('/api/cert/pin/enter-sms', { code: right, token: h.token }, h.m.token);
    expect(late.body.error.code).toBe('pin_sms_missing');
    expect((await pinToken(h, '1357')).body.error.code).toBe('pin_not_set');

    s.clock.advance(60_000);
    await s.post('/api/cert/pin/store', { code: '1357', token: h.token }, h.m.token);
    const code = await lastSmsCode(h.m.phone);
    s.clock.advance(10 * 60_000 + 1);
    const h2 = { ...h, token: await certToken(s, h.m) };
    expect((await s.post('/api/cert/pin/enter-sms', { code, token: h2.token }, h.m.token)).body.error.code).toBe(
      'sms_code_expired',
    );
  });

  it('locks the PIN for 15 minutes after 5 wrong tries, even against the right PIN (brute force)', async () => {
    const h = await holder();
    await setPin(h, '7391');
    for (let i = 1; i <= 4; i += 1) {
      const r = await pinToken(h, String(1000 + i));
      expect(r.status).toBe(422);
      expect(r.body.error.code).toBe('pin_invalid');
    }
    const fifth = await pinToken(h, '1005');
    expect(fifth.status).toBe(429);
    expect(fifth.body.error.code).toBe('pin_locked');
    expect(Number(fifth.headers.get('retry-after'))).toBe(900);
    const right = await pinToken(h, '7391');
    expect(right.status).toBe(429);
    expect((await s.post('/api/cert/get-cert-list', { token: h.token }, h.m.token)).body.pin).toBe('locked');

    s.clock.advance(15 * 60_000);
    const h2 = { ...h, token: await certToken(s, h.m) };
    expect((await pinToken(h2, '7391')).status).toBe(200);
  });

  it('cannot be raced past the limit with parallel guesses', async () => {
    const h = await holder();
    await setPin(h, '8642');
    const guesses = await Promise.all(Array.from({ length: 12 }, (_, i) => pinToken(h, String(3000 + i))));
    expect(guesses.filter((g) => g.status === 422)).toHaveLength(4);
    expect(guesses.filter((g) => g.status === 429)).toHaveLength(8);
    expect((await pinToken(h, '8642')).status).toBe(429);
  });

  it('a new PIN confirmed by SMS lifts a lock and ends the old PIN tokens', async () => {
    const h = await holder();
    await setPin(h, '5173');
    const old = await pinToken(h, '5173');
    for (let i = 0; i < 5; i += 1) await pinToken(h, '0101');
    expect((await pinToken(h, '5173')).status).toBe(429);
    s.clock.advance(60_000);
    await setPin(h, '6284');
    const list = await s.post('/api/cert/get-cert-list', { token: h.token, pinToken: old.body.token }, h.m.token);
    expect(list.body.revealed).toBe(false);
    expect((await pinToken(h, '5173')).body.error.code).toBe('pin_invalid');
    expect((await pinToken(h, '6284')).status).toBe(200);
  });
});

describe('PIN access rules', () => {
  it('member B can use neither A’s PIN nor A’s PIN token', async () => {
    const a = await holder();
    const b = await holder();
    await setPin(a, '3141');
    const aPin = await pinToken(a, '3141');
    const bList = await s.post('/api/cert/get-cert-list', { token: b.token, pinToken: aPin.body.token }, b.m.token);
    expect(bList.body.revealed).toBe(false);
    expect(bList.body.certificates.every((c: { code: unknown }) => c.code === null)).toBe(true);
    // B has no PIN of their own; A's PIN does not open B's certificates.
    expect((await pinToken(b, '3141')).body.error.code).toBe('pin_not_set');
    // A's certificate token cannot drive B's PIN calls.
    const borrowed = await s.post('/api/cert/pin/token', { code: '3141', token: a.token }, b.m.token);
    expect(borrowed.status).toBe(401);
    expect(borrowed.body.error.code).toBe('cert_unauthenticated');
    const storeForA = await s.post('/api/cert/pin/store', { code: '2718', token: a.token }, b.m.token);
    expect(storeForA.body.error.code).toBe('cert_unauthenticated');
  });

  it('answers UNAUTHORIZED_IN_APP without a live bearer on every PIN call (docs/rules.md#error-reactions)', async () => {
    const h = await holder();
    for (const [path, code] of [
      ['/api/cert/pin/store', '2580'],
      ['/api/cert/pin/enter-sms', '123456'],
      ['/api/cert/pin/token', '2580'],
    ] as const) {
      const r = await s.post(path, { code, token: h.token });
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('UNAUTHORIZED_IN_APP');
    }
  });
});
