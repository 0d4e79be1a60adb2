import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { serverWithTwoMembers } from '../two-members';

let s: TestServer, a: TestMember, b: TestMember;
beforeAll(async () => ({ s, a, b } = await serverWithTwoMembers()));
afterAll(() => s.close());

const save = (m: TestMember, body: Record<string, unknown>) => s.post('/api/scan/save-manager', body, m.token);
const managers = () => s.deps.db.selectFrom('scan_managers').selectAll().execute();

describe('scan/save-manager {shopify_id, manager, manager_from, brand} (docs/api.md#scan; docs/rules.md#entities managerAdded)', () => {
  it('records the consultant for the member’s own record and sets managerAdded', async () => {
    const r = await save(a, {
      shopify_id: a.glo.id,
      manager: ' KV-0417 ',
      manager_from: 'glo studio, ТРЦ Ocean Plaza',
      brand: 'glo',
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      managerAdded: true,
      managerId: 'KV-0417',
      managerFrom: 'glo studio, ТРЦ Ocean Plaza',
      brand: 'glo',
    });
    expect((await s.get('/api/scan/get-scan-percent', {}, a.token)).body.managerAdded).toBe(true);
    expect((await s.get('/api/scan/get-scan-percent', { ogo: 'true' }, a.token)).body.managerAdded).toBe(false);
  });

  it('replaces the consultant when saved again for the same brand, and keeps velo on the ogo record', async () => {
    await save(a, { shopify_id: a.glo.id, manager: 'KV-0999', manager_from: 'Кіоск, вокзал', brand: 'glo' });
    const velo = await save(a, { shopify_id: a.ogo.id, manager: 'OD-12', manager_from: 'Промо-стійка', brand: 'velo' });
    expect(velo.status).toBe(200);
    const rows = (await managers()).filter((m) => m.customer_id === a.glo.id || m.customer_id === a.ogo.id);
    expect(rows.map((m) => [m.brand, m.manager]).sort()).toEqual([
      ['glo', 'KV-0999'],
      ['velo', 'OD-12'],
    ]);
    expect((await s.get('/api/scan/get-scan-percent', { ogo: 'true' }, a.token)).body.managerAdded).toBe(true);
  });

  it('refuses someone else’s record with 403 and an unknown one with 404, storing nothing', async () => {
    const before = (await managers()).length;
    const foreign = await save(b, { shopify_id: a.glo.id, manager: 'X-1', manager_from: 'Магазин', brand: 'glo' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe('not_owner');
    const unknown = await save(b, { shopify_id: 999_999, manager: 'X-1', manager_from: 'Магазин', brand: 'glo' });
    expect(unknown.status).toBe(404);
    expect((await managers()).length).toBe(before);
  });

  it('refuses a brand that does not fit the record with 422', async () => {
    const r = await save(b, { shopify_id: b.glo.id, manager: 'X-1', manager_from: 'Магазин', brand: 'ogo' });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('brand_mismatch');
  });

  it('refuses bad fields with 400', async () => {
    const ok = { shopify_id: b.glo.id, manager: 'X-1', manager_from: 'Магазин', brand: 'glo' };
    for (const bad of [
      { ...ok, shopify_id: 'abc' },
      { ...ok, shopify_id: -1 },
      { ...ok, manager: '' },
      { ...ok, manager: '   ' },
      { ...ok, manager: 'M'.repeat(65) },
      { ...ok, manager_from: '' },
      { ...ok, brand: 'marlboro' },
      { manager: 'X-1', manager_from: 'Магазин', brand: 'glo' },
    ]) {
      expect((await save(b, bad)).status, JSON.stringify(bad)).toBe(400);
    }
    expect((await managers()).filter((m) => m.customer_id === b.glo.id)).toHaveLength(0);
  });

  it('needs a signed-in member (401)', async () => {
    expect(
      (await s.post('/api/scan/save-manager', { shopify_id: a.glo.id, manager: 'X', manager_from: 'Y', brand: 'glo' }))
        .status,
    ).toBe(401);
  });
});
