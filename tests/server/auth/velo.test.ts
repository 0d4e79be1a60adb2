import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { openLink } from './support';

/** docs/rules.md#entities "User (velo)", docs/api.md#velo get-velo-user, velo get-token, velo mlogin, check-oral-status; docs/rules.md#validation age check. */

let s: TestServer;
let verified: TestMember;
let plain: TestMember;
beforeAll(async () => {
  s = await makeTestServer();
  verified = await createMember(s, { firstName: 'Олена', tags: ['pwa_user', 'age_verified'] });
  plain = await createMember(s, { firstName: 'Андрій' });
});
afterAll(() => s.close());

const veloUser = (m: TestMember) => s.get('/api/user/get-velo-user', {}, m.token);
const veloToken = async (m: TestMember) => (await s.get('/api/velo/get-token', {}, m.token)).body.token as string;
const veloMlogin = (m: TestMember, body: Record<string, unknown>) => s.post('/api/velo/mlogin', body, m.token);
const oral = async (m: TestMember) => (await s.get('/api/velo/check-oral-status', {}, m.token)).body;
const serverMetafield = (customerId: number, namespace: string, value: string) =>
  s.deps.db
    .insertInto('metafields')
    .values({
      customer_id: customerId,
      namespace,
      key: 'age_verified',
      value,
      type: 'boolean',
      updated_at: s.clock.now().toISOString(),
    })
    .execute();

describe('get-velo-user', () => {
  it('makes the velo record on first use (tag pwa_user_velo) and answers it with a live velo token', async () => {
    const r = await veloUser(plain);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      shopifyId: expect.any(Number),
      first_name: 'Андрій',
      last_name: 'Учасник',
      email: `${plain.phone}@example.com`,
      apiToken: expect.any(String),
      showTdSlide: false,
      tdMultipass: null,
    });
    const row = await s.deps.db
      .selectFrom('customers')
      .selectAll()
      .where('id', '=', r.body.shopifyId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ member_id: plain.id, variant: 'velo', tags: '["pwa_user_velo"]' });
    expect(r.body.shopifyId).not.toBe(plain.glo.id);
    expect(r.body.shopifyId).not.toBe(plain.ogo.id);
    const again = await veloUser(plain);
    expect(again.body.shopifyId).toBe(r.body.shopifyId);
    expect(again.body.apiToken).not.toBe(r.body.apiToken);
    expect((await veloMlogin(plain, { token: r.body.apiToken })).status).toBe(200);
  });

  it('shows the test-drive slide to an age-verified member without velo orders, with a single-use link to the test-drive page', async () => {
    const r = await veloUser(verified);
    expect(r.body.showTdSlide).toBe(true);
    const url = new URL(r.body.tdMultipass as string);
    expect(url.pathname).toBe('/sandbox/velo-store');
    const page = await openLink(s, r.body.tdMultipass as string);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Вітаємо, Олена У.!');
    expect(page.text).toContain('Сторінка: /test-drive');
    expect((await openLink(s, r.body.tdMultipass as string)).status).toBe(410);
  });

  it('hides the slide once the member has ordered on the velo record', async () => {
    const m = await createMember(s, { tags: ['pwa_user', 'age_verified'] });
    const first = await veloUser(m);
    expect(first.body.showTdSlide).toBe(true);
    await s.deps.db.updateTable('customers').set({ orders_count: 1 }).where('id', '=', first.body.shopifyId).execute();
    expect((await veloUser(m)).body).toMatchObject({ showTdSlide: false, tdMultipass: null });
  });
});

describe('velo get-token and velo mlogin {token, return_to, ...}', () => {
  it('get-token answers a velo store token valid one day, new each time, not a bearer', async () => {
    const r = await s.get('/api/velo/get-token', {}, plain.token);
    expect(r.body).toEqual({
      token: expect.any(String),
      expired_at: new Date(s.clock.now().getTime() + 86_400_000).toISOString(),
    });
    expect(await veloToken(plain)).not.toBe(r.body.token);
    expect((await s.post('/api/user/get-user', { id: plain.glo.id }, r.body.token as string)).status).toBe(401);
  });

  it('answers a single-use link to the velo store (the local page stands in) that greets the caller', async () => {
    const r = await veloMlogin(verified, {
      token: await veloToken(verified),
      return_to: '/products/velo-freeze',
      first_name: 'Хтось',
      email: `${plain.phone}@example.com`,
    });
    expect(r.status).toBe(200);
    expect(new URL(r.body.url as string).pathname).toBe('/sandbox/velo-store');
    const page = await openLink(s, r.body.url as string);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Вітаємо, Олена У.!');
    expect(page.text).toContain('velo Freeze Max');
    expect(page.text).toContain('Сторінка: /products/velo-freeze');
    expect((await openLink(s, r.body.url as string)).status).toBe(410);
  });

  it("refuses another member's velo token (403) and a dead, user or ogo token (401 velo_unauthenticated)", async () => {
    const foreign = await veloMlogin(verified, { token: await veloToken(plain) });
    expect(foreign.status).toBe(403);
    const ogo = (await s.get('/api/api-auth/get-ogo-token', {}, verified.token)).body.token as string;
    for (const token of ['dead', verified.token, ogo]) {
      const r = await veloMlogin(verified, { token });
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('velo_unauthenticated');
    }
    const old = await veloToken(verified);
    s.clock.advance(86_400_000);
    expect((await veloMlogin(verified, { token: old })).status).toBe(401);
  });

  it('refuses a return_to off the site and a missing token with 400', async () => {
    const token = await veloToken(plain);
    for (const return_to of ['https://evil.example', '//evil.example', 'products']) {
      const r = await veloMlogin(plain, { token, return_to });
      expect(r.status, return_to).toBe(400);
      expect(r.body.error.code).toBe('invalid_return_to');
    }
    const none = await veloMlogin(plain, {});
    expect(none.status).toBe(400);
    expect(none.body.error.message).toContain('«token»');
  });
});

describe('check-oral-status (docs/rules.md#validation: true only for an age-verified member)', () => {
  it('is false for a member who is not verified and true for one with the age_verified tag', async () => {
    expect(await oral(plain)).toEqual({ result: false });
    expect(await oral(verified)).toEqual({ result: true });
  });

  it('counts verification.age_verified on the ogo record and a truthy age_verified metafield on the glo record', async () => {
    const ogoOnly = await createMember(s);
    await serverMetafield(ogoOnly.ogo.id, 'verification', 'true');
    expect(await oral(ogoOnly)).toEqual({ result: true });
    const gloField = await createMember(s);
    await serverMetafield(gloField.glo.id, 'custom', 'так');
    expect(await oral(gloField)).toEqual({ result: true });
  });

  it('does not count an ogo metafield outside the verification namespace, or a false value', async () => {
    const wrongNamespace = await createMember(s);
    await serverMetafield(wrongNamespace.ogo.id, 'custom', 'true');
    expect(await oral(wrongNamespace)).toEqual({ result: false });
    const no = await createMember(s);
    await serverMetafield(no.ogo.id, 'verification', 'false');
    await serverMetafield(no.glo.id, 'custom', '0');
    expect(await oral(no)).toEqual({ result: false });
  });

  it('follows verify-age: false before, true after', async () => {
    const m = await createMember(s);
    expect(await oral(m)).toEqual({ result: false });
    await s.post('/api/user/verify-age', { method: 'diia', birth_date: '1999-09-30' }, m.token);
    expect(await oral(m)).toEqual({ result: true });
  });
});
