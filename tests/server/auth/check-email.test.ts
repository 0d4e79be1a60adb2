import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { expectBadField } from './support';

let s: TestServer;
let a: TestMember;
let b: TestMember;
beforeAll(async () => {
  s = await makeTestServer();
  a = await createMember(s, { phone: '380501112201' });
  b = await createMember(s, { phone: '380501112202' });
});
afterAll(() => s.close());

const check = (email: unknown, token?: string) => s.post('/api/api-auth/check-email', { email }, token);

describe('check-email {email}: well-formed and not used by another member', () => {
  it('answers a well-formed unused address valid and free', async () => {
    for (const email of ['olena.koval@example.com', 'o+club@mail.com.ua', 'Taras.Shevchenko@Ukr.Net']) {
      const r = await check(email);
      expect(r.status, email).toBe(200);
      expect(r.body, email).toEqual({ valid: true, free: true });
    }
  });

  it('answers a malformed address invalid (and so not free)', async () => {
    for (const email of [
      '',
      'nope',
      'a@b',
      '@example.com',
      'a@@example.com',
      'a b@example.com',
      'a..b@example.com',
      'a@example.c',
      'a\u0001@example.com',
    ]) {
      const r = await check(email);
      expect(r.status, email).toBe(200);
      expect(r.body, email).toEqual({ valid: false, free: false });
    }
  });

  it('answers an address another member uses not free, ignoring case and surrounding spaces', async () => {
    for (const email of [`${a.phone}@example.com`, `${a.phone}@EXAMPLE.COM`, `  ${a.phone}@Example.com `]) {
      expect((await check(email)).body, email).toEqual({ valid: true, free: false });
      expect((await check(email, b.token)).body, email).toEqual({ valid: true, free: false });
    }
  });

  it("counts the signed-in caller's own address as free (it is not another member's)", async () => {
    expect((await check(`${a.phone}@EXAMPLE.com`, a.token)).body).toEqual({ valid: true, free: true });
  });

  it('changes nothing and sends nothing', async () => {
    const before = await s.deps.db.selectFrom('sms_outbox').select('id').execute();
    await check('fresh@example.com');
    expect(await s.deps.db.selectFrom('sms_outbox').select('id').execute()).toEqual(before);
    expect(
      await s.deps.db.selectFrom('members').select('id').where('email', '=', 'fresh@example.com').execute(),
    ).toEqual([]);
  });

  it('refuses what is not a string or is longer than 254 characters with 400 naming email', async () => {
    for (const email of [42, null, ['a@b.co'], { a: 1 }, `${'x'.repeat(255)}@example.com`])
      expectBadField(await check(email), 'email', String(email));
    expectBadField(await s.post('/api/api-auth/check-email', {}), 'email');
  });
});
