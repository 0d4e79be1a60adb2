import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWithSms, type SignedIn } from '../../support/auth';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { expectBadField } from './support';

/** docs/rules.md#entities create-customer payload; docs/rules.md#product two variants have separate accounts. */

let s: TestServer;
let other: TestMember;
beforeAll(async () => {
  s = await makeTestServer();
  other = await createMember(s, { phone: '380501114400' });
});
afterAll(() => s.close());

let nextPhone = 380_661_000_001;
/** A member as registration leaves one: the glo record only. */
async function fresh(): Promise<SignedIn & { phone: string }> {
  const phone = String(nextPhone++);
  return { ...(await registerWithSms(s, { phone, first_name: 'Ірина', last_name: 'Бондар' })), phone };
}

const payload = (phone: string, over: Record<string, unknown> = {}) => ({
  first_name: 'Ірина',
  last_name: 'Бондар',
  email: `${phone}@example.com`,
  phone,
  note: 'створено з застосунку',
  tags: 'pwa_user',
  variant: 'ogo',
  ...over,
});
const create = (token: string, body: Record<string, unknown>) => s.post('/api/api-auth/create-customer', body, token);
const recordsOf = (phone: string) =>
  s.deps.db
    .selectFrom('customers')
    .innerJoin('members', 'members.id', 'customers.member_id')
    .select([
      'customers.id',
      'customers.variant',
      'customers.tags',
      'customers.note',
      'customers.first_name',
      'customers.email',
    ])
    .where('members.phone', '=', phone)
    .orderBy('customers.id')
    .execute();

describe('create-customer {first_name, last_name, email, phone, note, tags, variant}', () => {
  it("creates the member's own ogo record, separate from the glo one, with the note and the creation tag", async () => {
    const m = await fresh();
    const r = await create(m.token, payload(m.phone));
    expect(r.status).toBe(200);
    expect(r.body.id).not.toBe(m.body.customer.id);
    const rows = await recordsOf(m.phone);
    expect(rows.map((x) => x.variant)).toEqual(['glo', 'ogo']);
    expect(rows[1]).toMatchObject({
      id: r.body.id,
      note: 'створено з застосунку',
      first_name: 'Ірина',
      email: `${m.phone}@example.com`,
    });
    expect(JSON.parse(rows[1]?.tags ?? '[]')).toEqual(['pwa_user']);
    const byPhone = await s.get('/api/user/get-user-by-phone', { ogo: 'true' }, m.token);
    expect(byPhone.body.customer.id).toBe(r.body.id);
    const glo = await s.get('/api/user/get-user-by-phone', {}, m.token);
    expect(glo.body.customer.id).toBe(m.body.customer.id);
  });

  it('is idempotent per variant: the same variant answers the existing record and changes nothing', async () => {
    const m = await fresh();
    const first = await create(m.token, payload(m.phone, { note: 'перший' }));
    const second = await create(m.token, payload(m.phone, { note: 'другий', tags: ['sms_consent'] }));
    expect(second.body.id).toBe(first.body.id);
    const glo = await create(m.token, payload(m.phone, { variant: 'glo' }));
    expect(glo.body.id).toBe(m.body.customer.id);
    const rows = await recordsOf(m.phone);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({ note: 'перший' });
    expect(JSON.parse(rows[1]?.tags ?? '[]')).toEqual(['pwa_user']);
  });

  it('concurrent creations of one variant make one record', async () => {
    const m = await fresh();
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => create(m.token, payload(m.phone, { variant: 'velo', tags: 'pwa_user_velo' }))),
    );
    for (const r of answers) expect(r.status).toBe(200);
    expect(new Set(answers.map((r) => r.body.id)).size).toBe(1);
    expect((await recordsOf(m.phone)).filter((x) => x.variant === 'velo')).toHaveLength(1);
  });

  it('gives a velo record the pwa_user_velo tag (docs/rules.md#entities) and accepts self-service tags', async () => {
    const m = await fresh();
    const r = await create(m.token, payload(m.phone, { variant: 'velo', tags: 'pwa_user_velo, sms_consent' }));
    expect(r.status).toBe(200);
    const velo = (await recordsOf(m.phone)).find((x) => x.variant === 'velo');
    expect(JSON.parse(velo?.tags ?? '[]').sort()).toEqual(['pwa_user_velo', 'sms_consent']);
    const user = await s.get('/api/user/get-velo-user', {}, m.token);
    expect(user.body.shopifyId).toBe(r.body.id);
  });

  it('takes names and e-mail from the profile, not from the request (changed only through confirm-email)', async () => {
    const m = await fresh();
    const r = await create(
      m.token,
      payload(m.phone, { first_name: 'Чужий', last_name: 'Хтось', email: `${other.phone}@example.com` }),
    );
    expect(r.status).toBe(200);
    const ogo = (await recordsOf(m.phone)).find((x) => x.variant === 'ogo');
    expect(ogo).toMatchObject({ first_name: 'Ірина', email: `${m.phone}@example.com` });
  });

  it('refuses tags only the club sets (age_verified, the velo-discount tag) with 422, creating nothing', async () => {
    const m = await fresh();
    for (const tags of ['age_verified', ['pwa_user', 'velo_discount_used'], 'pwa_user, VIP']) {
      const r = await create(m.token, payload(m.phone, { tags }));
      expect(r.status, JSON.stringify(tags)).toBe(422);
      expect(r.body.error.code).toBe('tag_not_allowed');
    }
    expect((await recordsOf(m.phone)).map((x) => x.variant)).toEqual(['glo']);
  });

  it("refuses another person's phone with 403 and accepts the own one in any written form", async () => {
    const m = await fresh();
    const foreign = await create(m.token, payload(other.phone));
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe('not_owner');
    expect((await recordsOf(other.phone)).map((x) => x.variant)).toEqual(['glo', 'ogo']);
    const local = `0${m.phone.slice(3, 5)} ${m.phone.slice(5, 8)} ${m.phone.slice(8)}`;
    expect((await create(m.token, payload(m.phone, { phone: local }))).status).toBe(200);
  });

  it('refuses bad fields with 400 naming the field', async () => {
    const m = await fresh();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ variant: 'marlboro' }, 'variant'],
      [{ variant: undefined }, 'variant'],
      [{ email: 'nope' }, 'email'],
      [{ email: undefined }, 'email'],
      [{ first_name: '' }, 'first_name'],
      [{ last_name: 'Б'.repeat(51) }, 'last_name'],
      [{ phone: '123' }, 'phone'],
      [{ note: 'n'.repeat(501) }, 'note'],
      [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'tags'],
      [{ tags: 5 }, 'tags'],
    ];
    for (const [over, field] of cases)
      expectBadField(await create(m.token, payload(m.phone, over)), field, JSON.stringify(over));
    expect((await recordsOf(m.phone)).map((x) => x.variant)).toEqual(['glo']);
  });

  it('with an Idempotency-Key a repeat is the stored answer', async () => {
    const m = await fresh();
    const a = await s.call('POST', '/api/api-auth/create-customer', {
      body: payload(m.phone),
      token: m.token,
      idem: 'create-ogo-0001',
    });
    const b = await s.call('POST', '/api/api-auth/create-customer', {
      body: payload(m.phone),
      token: m.token,
      idem: 'create-ogo-0001',
    });
    expect(b.body).toEqual(a.body);
    expect(b.headers.get('idempotent-replayed')).toBe('true');
  });
});

describe('separate customer records per variant (docs/rules.md#product, docs/rules.md#entities)', () => {
  it('glo and ogo records keep their own tags and metafields', async () => {
    const m = await createMember(s);
    const tags = await s.post(
      '/api/user/update-tags',
      { tags: ['pwa_user', 'news_consent'], shopifyId: m.ogo.id, ogo: true },
      m.token,
    );
    expect(tags.body.tags).toEqual(['pwa_user', 'news_consent']);
    const field = { namespace: 'pwa', key: 'favorites', type: 'json', value: '[7]', shopifyId: m.glo.id };
    expect((await s.post('/api/user/create-metafields', field, m.token)).status).toBe(200);
    const glo = await s.post('/api/user/get-user', { id: m.glo.id }, m.token);
    const ogo = await s.post('/api/user/get-user', { id: m.ogo.id, ogo: true }, m.token);
    expect(glo.body.customer.tags).toEqual(['pwa_user']);
    expect(ogo.body.customer.tags).toEqual(['pwa_user', 'news_consent']);
    expect(glo.body.metafields.map((x: { key: string }) => x.key)).toEqual(['favorites']);
    expect(ogo.body.metafields).toEqual([]);
  });

  it('each member has at most one record per variant (database constraint)', async () => {
    const m = await createMember(s);
    await expect(
      s.deps.db
        .insertInto('customers')
        .values({
          member_id: m.id,
          variant: 'glo',
          first_name: '',
          last_name: '',
          email: '',
          phone: m.phone,
          tags: '[]',
          note: '',
          orders_count: 0,
          total_spent: 0,
          xp_balance: 0,
          created_at: s.clock.now().toISOString(),
        })
        .execute(),
    ).rejects.toThrow();
  });
});
