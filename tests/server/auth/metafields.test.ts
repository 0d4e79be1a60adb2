import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../../server/security/tokens';
import { createMember, type TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { serverWithTwoMembers } from '../two-members';
import { expectBadField } from './support';

/** docs/api.md#user get-metafields / create-metafields, docs/rules.md#states favourites, docs/rules.md#validation age check, docs/rules.md#error-reactions UNAUTHORIZED_IN_APP. */

let s: TestServer, a: TestMember, b: TestMember;
beforeAll(async () => ({ s, a, b } = await serverWithTwoMembers()));
afterAll(() => s.close());

const field = (shopifyId: number, over: Record<string, unknown> = {}) => ({
  namespace: 'pwa',
  key: 'favorites',
  type: 'json',
  value: '[101,202]',
  shopifyId,
  ...over,
});
const create = (m: TestMember, body: Record<string, unknown>, token = m.token) =>
  s.post('/api/user/create-metafields', body, token);
const read = (m: TestMember, id: number, token = m.token) => s.post('/api/user/get-metafields', { id }, token);

describe('create-metafields / get-metafields on the own record', () => {
  it('creates, replaces (one per namespace and key) and reads back', async () => {
    const first = await create(a, field(a.glo.id));
    expect(first.status).toBe(200);
    expect(first.body.metafield).toEqual({
      id: expect.any(Number),
      namespace: 'pwa',
      key: 'favorites',
      value: '[101,202]',
      type: 'json',
      revision: 1,
    });
    const second = await create(a, field(a.glo.id, { value: '[202]' }));
    expect(second.body.metafield.id).toBe(first.body.metafield.id);
    expect(second.body.metafield.revision).toBe(2);
    await create(a, field(a.glo.id, { key: 'last_city', type: 'single_line_text_field', value: 'Київ' }));
    const r = await read(a, a.glo.id);
    expect(r.status).toBe(200);
    expect(r.body.metafields.map((m: { key: string; value: string }) => [m.key, m.value])).toEqual([
      ['favorites', '[202]'],
      ['last_city', 'Київ'],
    ]);
  });

  it('keeps the ogo record’s metafields apart from the glo ones', async () => {
    await create(a, field(a.ogo.id, { value: '[9]', ogo: true }));
    expect((await read(a, a.ogo.id)).body.metafields.map((m: { value: string }) => m.value)).toEqual(['[9]']);
    expect((await read(a, a.glo.id)).body.metafields[0].value).toBe('[202]');
  });

  it("member B can neither read nor change A's metafields (403), nor name an unknown record (404)", async () => {
    const r = await read(b, a.glo.id);
    expect(r.status).toBe(403);
    expect(JSON.stringify(r.body)).not.toContain('202');
    expect((await create(b, field(a.glo.id, { value: '[666]' }))).status).toBe(403);
    expect((await create(b, field(a.ogo.id, { key: 'new_one' }))).status).toBe(403);
    expect((await read(b, 999_999)).status).toBe(404);
    expect((await create(b, field(999_999))).status).toBe(404);
    expect((await read(a, a.glo.id)).body.metafields[0].value).toBe('[202]');
    expect((await read(a, a.ogo.id)).body.metafields).toHaveLength(1);
  });

  it('refuses the metafields the age check reads (docs/rules.md#validation) with 422: no member can verify themself', async () => {
    for (const over of [
      { namespace: 'verification', key: 'age_verified', type: 'boolean', value: 'true' },
      { namespace: 'pwa', key: 'age_verified', type: 'boolean', value: 'true' },
      { namespace: 'custom', key: 'AGE_VERIFIED', type: 'single_line_text_field', value: 'так' },
      { namespace: ' Verification ', key: 'anything', type: 'boolean', value: '1' },
    ]) {
      for (const id of [b.glo.id, b.ogo.id]) {
        const r = await create(b, field(id, over));
        expect(r.status, JSON.stringify(over)).toBe(422);
        expect(r.body.error.code).toBe('metafield_not_allowed');
      }
    }
    expect((await read(b, b.glo.id)).body.metafields).toEqual([]);
    expect((await read(b, b.ogo.id)).body.metafields).toEqual([]);
    expect((await s.get('/api/velo/check-oral-status', {}, b.token)).body).toEqual({ result: false });
  });

  it('refuses a json value that is not JSON with 400 invalid_value, and bad fields with 400 naming them', async () => {
    const r = await create(a, field(a.glo.id, { value: '{not json' }));
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('invalid_value');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ namespace: '' }, 'namespace'],
      [{ namespace: 'n'.repeat(65) }, 'namespace'],
      [{ key: '' }, 'key'],
      [{ key: undefined }, 'key'],
      [{ type: 'weird' }, 'type'],
      [{ value: 'v'.repeat(20_001) }, 'value'],
      [{ value: 5 }, 'value'],
      [{ shopifyId: -1 }, 'shopifyId'],
      [{ shopifyId: undefined }, 'shopifyId'],
      [{ ogo: 'true' }, 'ogo'],
    ];
    for (const [over, name] of cases)
      expectBadField(await create(a, field(a.glo.id, over)), name, JSON.stringify(over).slice(0, 50));
    for (const id of [undefined, 0, 'x'])
      expectBadField(await s.post('/api/user/get-metafields', { id }, a.token), 'id');
    expect((await read(a, a.glo.id)).body.metafields[0].value).toBe('[202]');
  });
});

describe('a dead bearer on a metafield call is 401 UNAUTHORIZED_IN_APP (docs/rules.md#error-reactions: the app logs out)', () => {
  it('after logout, after token-clear, after expiry, and with no token', async () => {
    const m = await createMember(s);
    const second = await issueToken(s.deps.db, m.id, 'user', s.clock.now());
    await s.post('/api/api-auth/logout', { token: m.token }, m.token);
    const expired = await issueToken(s.deps.db, m.id, 'user', new Date(s.clock.now().getTime() - 90 * 86_400_000));
    const other = await createMember(s);
    await s.post('/api/api-auth/token-clear', {}, other.token);
    for (const [label, token] of [
      ['logged out', m.token],
      ['expired', expired.token],
      ['token-clear', other.token],
      ['none', ''],
    ] as const) {
      for (const r of [await read(m, m.glo.id, token), await create(m, field(m.glo.id), token)]) {
        expect(r.status, label).toBe(401);
        expect(r.body.error.code, label).toBe('UNAUTHORIZED_IN_APP');
      }
    }
    expect((await read(m, m.glo.id, second.token)).status).toBe(200);
  });
});
