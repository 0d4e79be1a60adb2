import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { serverWithTwoMembers } from '../two-members';

let s: TestServer, a: TestMember, b: TestMember;
beforeAll(async () => ({ s, a, b } = await serverWithTwoMembers()));
afterAll(() => s.close());

const fav = (shopifyId: number, ids: number[]) => ({
  namespace: 'pwa',
  key: 'favorites',
  type: 'json',
  value: JSON.stringify(ids),
  shopifyId,
});

describe('metafields (docs/rules.md#states favourites)', () => {
  it('creates, replaces and reads a metafield of the own record', async () => {
    let r = await s.post('/api/user/create-metafields', fav(a.glo.id, [1, 2]), a.token);
    expect(r.status).toBe(200);
    r = await s.post('/api/user/create-metafields', fav(a.glo.id, [2, 3]), a.token);
    expect(r.body.metafield.value).toBe('[2,3]');
    r = await s.post('/api/user/get-metafields', { id: a.glo.id }, a.token);
    expect(r.body.metafields).toHaveLength(1);
    expect(r.body.metafields[0]).toMatchObject({ namespace: 'pwa', key: 'favorites', value: '[2,3]' });
  });

  it('keeps the variants apart', async () => {
    await s.post('/api/user/create-metafields', { ...fav(a.ogo.id, [9]), ogo: true }, a.token);
    const glo = await s.post('/api/user/get-metafields', { id: a.glo.id }, a.token);
    const ogo = await s.post('/api/user/get-metafields', { id: a.ogo.id, ogo: true }, a.token);
    expect(glo.body.metafields[0].value).toBe('[2,3]');
    expect(ogo.body.metafields[0].value).toBe('[9]');
  });

  it("member B can neither read nor change member A's metafields", async () => {
    const read = await s.post('/api/user/get-metafields', { id: a.glo.id }, b.token);
    expect(read.status).toBe(403);
    const write = await s.post('/api/user/create-metafields', fav(a.glo.id, [666]), b.token);
    expect(write.status).toBe(403);
    const after = await s.post('/api/user/get-metafields', { id: a.glo.id }, a.token);
    expect(after.body.metafields[0].value).toBe('[2,3]');
  });

  it('answers UNAUTHORIZED_IN_APP without a live token (docs/rules.md#error-reactions)', async () => {
    const r = await s.post('/api/user/get-metafields', { id: a.glo.id }, 'dead-token');
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('UNAUTHORIZED_IN_APP');
  });

  it('refuses bad input and changes nothing', async () => {
    for (const body of [
      { ...fav(a.glo.id, []), value: '{not json' },
      { ...fav(a.glo.id, []), type: 'weird' },
      { ...fav(a.glo.id, []), namespace: '' },
      { ...fav(a.glo.id, []), shopifyId: -1 },
      { key: 'x' },
    ]) {
      const r = await s.post('/api/user/create-metafields', body, a.token);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    const after = await s.post('/api/user/get-metafields', { id: a.glo.id }, a.token);
    expect(after.body.metafields[0].value).toBe('[2,3]');
  });

  it('answers 404 for an unknown customer id', async () => {
    const r = await s.post('/api/user/get-metafields', { id: 999999 }, a.token);
    expect(r.status).toBe(404);
  });
});
