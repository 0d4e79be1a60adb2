import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWithSms } from '../../support/auth';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { expectBadField } from './support';

/** docs/rules.md#entities "User (shop record, per variant)"; docs/api.md#user get-user, get-user-by-phone, update-tags: own record only. */

let s: TestServer;
let a: TestMember;
let b: TestMember;
beforeAll(async () => {
  s = await makeTestServer();
  a = await createMember(s, { firstName: 'Олена', tags: ['pwa_user', 'age_verified'] });
  b = await createMember(s, { firstName: 'Богдан' });
  await s.deps.db
    .updateTable('customers')
    .set({ orders_count: 2, total_spent: 129_950, note: 'дзвонити після 18:00' })
    .where('id', '=', a.glo.id)
    .execute();
});
afterAll(() => s.close());

const getUser = (m: TestMember, body: Record<string, unknown>) => s.post('/api/user/get-user', body, m.token);
const updateTags = (m: TestMember, body: Record<string, unknown>) => s.post('/api/user/update-tags', body, m.token);
const storedTags = async (id: number) =>
  JSON.parse(
    (await s.deps.db.selectFrom('customers').select('tags').where('id', '=', id).executeTakeFirstOrThrow()).tags,
  ) as string[];

describe('get-user {id, ogo}', () => {
  it('answers the own record as docs/rules.md#entities shows it (total_spent in UAH) with its metafields', async () => {
    await s.post(
      '/api/user/create-metafields',
      { namespace: 'pwa', key: 'favorites', type: 'json', value: '[3,5]', shopifyId: a.glo.id },
      a.token,
    );
    const r = await getUser(a, { id: a.glo.id });
    expect(r.status).toBe(200);
    expect(r.body.customer).toEqual({
      id: a.glo.id,
      first_name: 'Олена',
      last_name: 'Учасник',
      email: `${a.phone}@example.com`,
      phone: a.phone,
      tags: ['pwa_user', 'age_verified'],
      orders_count: 2,
      total_spent: 1299.5,
      note: 'дзвонити після 18:00',
    });
    expect(r.body.metafields).toEqual([
      { id: expect.any(Number), namespace: 'pwa', key: 'favorites', value: '[3,5]', type: 'json' },
    ]);
    const ogo = await getUser(a, { id: a.ogo.id, ogo: true });
    expect(ogo.body.customer.id).toBe(a.ogo.id);
    expect(ogo.body.metafields).toEqual([]);
  });

  it("refuses another member's record with 403 and an unknown one with 404, showing nothing of it", async () => {
    for (const id of [b.glo.id, b.ogo.id]) {
      const r = await getUser(a, { id });
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe('not_owner');
      expect(JSON.stringify(r.body)).not.toContain('Богдан');
    }
    expect((await getUser(a, { id: 987_654 })).status).toBe(404);
  });

  it('refuses a bad id with 400 naming id', async () => {
    for (const id of [undefined, 0, -3, 1.5, '5', null]) expectBadField(await getUser(a, { id }), 'id', String(id));
    expectBadField(await getUser(a, { id: a.glo.id, ogo: 'yes' }), 'ogo');
  });
});

describe('get-user-by-phone?ogo (the caller’s own record, found by the bearer’s phone)', () => {
  it('answers the glo record by default and the ogo one with ogo=true or 1', async () => {
    expect((await s.get('/api/user/get-user-by-phone', {}, a.token)).body.customer.id).toBe(a.glo.id);
    expect((await s.get('/api/user/get-user-by-phone', { ogo: 'false' }, a.token)).body.customer.id).toBe(a.glo.id);
    for (const ogo of ['true', '1']) {
      const r = await s.get('/api/user/get-user-by-phone', { ogo }, a.token);
      expect(r.status).toBe(200);
      expect(r.body.customer).toMatchObject({ id: a.ogo.id, phone: a.phone });
      expect(r.body.metafields).toEqual([]);
    }
  });

  it('never answers someone else: a phone in the query is ignored', async () => {
    const r = await s.call('GET', '/api/user/get-user-by-phone', {
      query: { phone: b.phone, ogo: 'true' },
      token: a.token,
    });
    expect(r.body.customer.id).toBe(a.ogo.id);
  });

  it('makes the ogo record on first use for a member who has only the glo one', async () => {
    const m = await registerWithSms(s, { phone: '380671112299', first_name: 'Софія', last_name: 'Олійник' });
    const r = await s.get('/api/user/get-user-by-phone', { ogo: 'true' }, m.token);
    expect(r.status).toBe(200);
    expect(r.body.customer).toMatchObject({
      first_name: 'Софія',
      last_name: 'Олійник',
      phone: '380671112299',
      tags: ['pwa_user'],
    });
    expect(r.body.customer.id).not.toBe(m.body.customer.id);
    const again = await s.get('/api/user/get-user-by-phone', { ogo: 'true' }, m.token);
    expect(again.body.customer.id).toBe(r.body.customer.id);
  });

  it('refuses an over-long flag with 400 naming ogo', async () => {
    expectBadField(await s.get('/api/user/get-user-by-phone', { ogo: 'truetrue' }, a.token), 'ogo');
  });
});

describe('update-tags {tags, shopifyId, ogo}: self-service tags only', () => {
  it('adds and removes consents given as the whole list (array or comma-separated), keeping server tags', async () => {
    const r = await updateTags(a, {
      tags: ['pwa_user', 'age_verified', 'sms_consent', 'pwa_installed'],
      shopifyId: a.glo.id,
    });
    expect(r.status).toBe(200);
    expect(r.body.tags).toEqual(['pwa_user', 'age_verified', 'sms_consent', 'pwa_installed']);
    const r2 = await updateTags(a, {
      tags: ' pwa_user , age_verified,pwa_installed,, pwa_installed',
      shopifyId: a.glo.id,
    });
    expect(r2.body.tags).toEqual(['pwa_user', 'age_verified', 'pwa_installed']);
    expect(await storedTags(a.glo.id)).toEqual(['pwa_user', 'age_verified', 'pwa_installed']);
  });

  it('refuses adding or removing a tag only the club sets with 422, changing nothing', async () => {
    const before = await storedTags(a.glo.id);
    for (const tags of [
      ['pwa_user', 'pwa_installed'],
      ['pwa_user', 'age_verified', 'pwa_installed', 'vip'],
      ['pwa_user', 'age_verified', 'pwa_installed', 'velo_discount_used'],
    ]) {
      const r = await updateTags(a, { tags, shopifyId: a.glo.id });
      expect(r.status, JSON.stringify(tags)).toBe(422);
      expect(r.body.error.code).toBe('tag_not_allowed');
    }
    const selfVerify = await updateTags(b, { tags: ['pwa_user', 'age_verified'], shopifyId: b.glo.id });
    expect(selfVerify.status).toBe(422);
    expect(await storedTags(a.glo.id)).toEqual(before);
    expect(await storedTags(b.glo.id)).toEqual(['pwa_user']);
  });

  it("refuses another member's record with 403 and an unknown one with 404", async () => {
    const r = await updateTags(b, { tags: ['pwa_user', 'age_verified'], shopifyId: a.glo.id });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('not_owner');
    expect((await updateTags(b, { tags: [], shopifyId: 999_999 })).status).toBe(404);
    expect(await storedTags(a.glo.id)).toContain('age_verified');
  });

  it('changes only the named record: the ogo tags are the ogo record’s', async () => {
    const r = await updateTags(b, { tags: 'pwa_user,push_consent', shopifyId: b.ogo.id, ogo: true });
    expect(r.body.tags).toEqual(['pwa_user', 'push_consent']);
    expect(await storedTags(b.glo.id)).toEqual(['pwa_user']);
  });

  it('refuses bad fields with 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ shopifyId: b.glo.id }, 'tags'],
      [{ tags: 7, shopifyId: b.glo.id }, 'tags'],
      [{ tags: Array.from({ length: 51 }, (_, i) => `t${i}`), shopifyId: b.glo.id }, 'tags'],
      [{ tags: ['x'.repeat(101)], shopifyId: b.glo.id }, 'tags'],
      [{ tags: [] }, 'shopifyId'],
      [{ tags: [], shopifyId: 'one' }, 'shopifyId'],
    ];
    for (const [body, field] of cases)
      expectBadField(await updateTags(b, body), field, JSON.stringify(body).slice(0, 60));
  });
});
