import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWithSms, signInWithSms } from '../../support/auth';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { expectBadField } from './support';

/** POST /api/user/verify-age (the /verification screens); docs/rules.md#validation age check on both records. */

let s: TestServer;
let other: TestMember;
beforeAll(async () => {
  // The test clock stands at 2026-11-23.
  s = await makeTestServer();
  other = await createMember(s);
});
afterAll(() => s.close());

const verify = (m: { token: string }, body: Record<string, unknown>) => s.post('/api/user/verify-age', body, m.token);
const oral = async (m: { token: string }) =>
  (await s.get('/api/velo/check-oral-status', {}, m.token)).body.result as boolean;
const ogoVerification = (customerId: number) =>
  s.deps.db
    .selectFrom('metafields')
    .select(['value', 'type'])
    .where('customer_id', '=', customerId)
    .where('namespace', '=', 'verification')
    .where('key', '=', 'age_verified')
    .execute();

describe('verify-age {method, birth_date, document_number}', () => {
  it('an adult gets age_verified on the glo record and verification.age_verified on the ogo one', async () => {
    const m = await createMember(s);
    expect(await oral(m)).toBe(false);
    const r = await verify(m, { method: 'diia', birth_date: '1990-04-17' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ age_verified: true, tags: ['pwa_user', 'age_verified'] });
    expect((await s.post('/api/user/get-user', { id: m.glo.id }, m.token)).body.customer.tags).toEqual([
      'pwa_user',
      'age_verified',
    ]);
    expect(await ogoVerification(m.ogo.id)).toEqual([{ value: 'true', type: 'boolean' }]);
    expect(
      await s.deps.db
        .selectFrom('members')
        .select(['birth_date', 'adult_confirmed'])
        .where('id', '=', m.id)
        .executeTakeFirst(),
    ).toEqual({
      birth_date: '1990-04-17',
      adult_confirmed: 1,
    });
    expect(await oral(m)).toBe(true);
    const signed = await signInWithSms(s, m.phone);
    expect(signed.body.age_verified).toBe(true);
    // Once is enough; again changes nothing.
    expect((await verify(m, { method: 'diia', birth_date: '1990-04-17' })).body.tags).toEqual([
      'pwa_user',
      'age_verified',
    ]);
    expect(await ogoVerification(m.ogo.id)).toHaveLength(1);
    // Only the caller was verified.
    expect(await oral(other)).toBe(false);
  });

  it('makes the ogo record when the member has only the glo one', async () => {
    const m = await registerWithSms(s, { phone: '380671117701', birth_date: null, adult_confirmed: true });
    expect(m.body.ogo_customer_id).toBeNull();
    expect((await verify(m, { method: 'diia', birth_date: '2000-01-01' })).status).toBe(200);
    const ogo = await s.get('/api/user/get-user-by-phone', { ogo: 'true' }, m.token);
    expect(ogo.body.metafields).toMatchObject([{ namespace: 'verification', key: 'age_verified', value: 'true' }]);
  });

  it('turning 18 today is an adult; a day short is 422 underage and nothing changes', async () => {
    const young = await createMember(s);
    const r = await verify(young, { method: 'diia', birth_date: '2008-11-24' });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('underage');
    expect((await s.post('/api/user/get-user', { id: young.glo.id }, young.token)).body.customer.tags).toEqual([
      'pwa_user',
    ]);
    expect(await ogoVerification(young.ogo.id)).toEqual([]);
    expect(
      (await s.deps.db.selectFrom('members').select('birth_date').where('id', '=', young.id).executeTakeFirstOrThrow())
        .birth_date,
    ).toBe('1990-01-01');
    expect(await oral(young)).toBe(false);
    expect((await verify(young, { method: 'diia', birth_date: '2008-11-23' })).status).toBe(200);
  });

  it('by document: a passport (two letters, six digits) or an ID card (nine digits), spaces and case forgiven', async () => {
    for (const document_number of ['АБ123456', 'аб 123-456', 'KX123456', '123456789']) {
      const m = await createMember(s);
      const r = await verify(m, { method: 'document', birth_date: '1985-10-19', document_number });
      expect(r.status, document_number).toBe(200);
    }
    const m = await createMember(s);
    for (const document_number of [undefined, null, '', '12345', 'ABC12345', '1234567890']) {
      const r = await verify(m, { method: 'document', birth_date: '1985-10-19', document_number });
      expect(r.status, String(document_number)).toBe(400);
      expect(r.body.error.code).toBe('invalid_document_number');
    }
    expect(await oral(m)).toBe(false);
  });

  it('refuses bad fields with 400 naming the field', async () => {
    const m = await createMember(s);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ birth_date: '1990-01-01' }, 'method'],
      [{ method: 'selfie', birth_date: '1990-01-01' }, 'method'],
      [{ method: 'diia' }, 'birth_date'],
      [{ method: 'diia', birth_date: '1990/01/01' }, 'birth_date'],
      [{ method: 'diia', birth_date: '1990-02-30' }, 'birth_date'],
      [{ method: 'diia', birth_date: '1890-01-01' }, 'birth_date'],
      [{ method: 'diia', birth_date: '2030-01-01' }, 'birth_date'],
      [{ method: 'document', birth_date: '1990-01-01', document_number: 'X'.repeat(21) }, 'document_number'],
    ];
    for (const [body, field] of cases) expectBadField(await verify(m, body), field, JSON.stringify(body));
    expect(await oral(m)).toBe(false);
  });
});
