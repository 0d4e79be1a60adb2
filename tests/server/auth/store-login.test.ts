import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWithSms } from '../../support/auth';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { openLink } from './support';

/** docs/api.md#auth get-ogo-token, POST /api/mlogin, mlogin-glo: single-use login links to the brand sites. */

let s: TestServer;
let a: TestMember;
let b: TestMember;
let ogoA: string;
let ogoB: string;
beforeAll(async () => {
  s = await makeTestServer();
  a = await createMember(s, { firstName: 'Олена' });
  b = await createMember(s, { firstName: 'Богдан' });
  ogoA = (await s.get('/api/api-auth/get-ogo-token', {}, a.token)).body.token as string;
  ogoB = (await s.get('/api/api-auth/get-ogo-token', {}, b.token)).body.token as string;
});
afterAll(() => s.close());

const mlogin = (m: TestMember, body: Record<string, unknown>) => s.post('/api/mlogin', body, m.token);
const mloginGlo = (m: TestMember, body: Record<string, unknown> = {}) =>
  s.post('/api/api-auth/mlogin-glo', body, m.token);

describe('get-ogo-token', () => {
  it('answers a new ogo store token with its expiry each time', async () => {
    const one = await s.get('/api/api-auth/get-ogo-token', {}, a.token);
    const two = await s.get('/api/api-auth/get-ogo-token', {}, a.token);
    expect(one.status).toBe(200);
    expect(one.body).toEqual({
      token: expect.any(String),
      expired_at: new Date(s.clock.now().getTime() + 86_400_000).toISOString(),
    });
    expect(two.body.token).not.toBe(one.body.token);
    // A store token is not a bearer.
    expect((await s.post('/api/user/get-user', { id: a.glo.id }, one.body.token as string)).status).toBe(401);
  });

  it('makes the ogo record for a member who has only the glo one', async () => {
    const m = await registerWithSms(s, { phone: '380671118801' });
    expect(m.body.ogo_customer_id).toBeNull();
    expect((await s.get('/api/api-auth/get-ogo-token', {}, m.token)).status).toBe(200);
    const rows = await s.deps.db
      .selectFrom('customers')
      .innerJoin('members', 'members.id', 'customers.member_id')
      .select('variant')
      .where('members.phone', '=', '380671118801')
      .execute();
    expect(rows.map((r) => r.variant).sort()).toEqual(['glo', 'ogo']);
  });
});

describe('mlogin {email, last_name, first_name, ogo, return_to, ogoAuthApiToken}', () => {
  it('answers a login link to the ogo store that greets the caller and opens the path asked for, once', async () => {
    const r = await mlogin(a, { ogo: true, return_to: '/collections/sticks?sort=new', ogoAuthApiToken: ogoA });
    expect(r.status).toBe(200);
    const url = new URL(r.body.url as string);
    expect(url.pathname).toBe('/sandbox/ogo-store');
    const res = await s.app.request(`${url.pathname}${url.search}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const page = await res.text();
    expect(page).toContain('Вітаємо, Олена У.!');
    expect(page).toContain('/collections/sticks?sort=new');
    const second = await openLink(s, r.body.url as string);
    expect(second.status).toBe(410);
    expect(second.text).toContain('Посилання недійсне');
  });

  it('with ogo false the link goes to the glo website', async () => {
    const r = await mlogin(a, { ogo: false, ogoAuthApiToken: ogoA });
    expect(new URL(r.body.url as string).pathname).toBe('/sandbox/glo-site');
    expect((await openLink(s, r.body.url as string)).status).toBe(200);
  });

  it('does not trust the names and e-mail sent: the link logs in the caller', async () => {
    const r = await mlogin(a, {
      ogo: true,
      first_name: 'Богдан',
      last_name: 'Інший',
      email: `${b.phone}@example.com`,
      ogoAuthApiToken: ogoA,
    });
    const page = await openLink(s, r.body.url as string);
    expect(page.text).toContain('Вітаємо, Олена У.!');
    expect(page.text).not.toContain('Богдан');
  });

  it("refuses another member's ogo token (403) and a dead, user or velo token (401 ogo_unauthenticated)", async () => {
    const foreign = await mlogin(a, { ogo: true, ogoAuthApiToken: ogoB });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe('not_owner');
    const velo = (await s.get('/api/velo/get-token', {}, a.token)).body.token as string;
    for (const token of ['dead-token', a.token, velo]) {
      const r = await mlogin(a, { ogo: true, ogoAuthApiToken: token });
      expect(r.status).toBe(401);
      expect(r.body.error.code).toBe('ogo_unauthenticated');
    }
  });

  it('refuses a return_to that would leave the site (no open redirect) and a missing token, with 400', async () => {
    for (const return_to of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'cart',
      '/ok\nSet-Cookie: x=1',
    ]) {
      const r = await mlogin(a, { ogo: true, return_to, ogoAuthApiToken: ogoA });
      expect(r.status, return_to).toBe(400);
      expect(r.body.error.code === 'invalid_return_to' || r.body.error.message.includes('«return_to»'), return_to).toBe(
        true,
      );
    }
    const none = await mlogin(a, { ogo: true });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toContain('«ogoAuthApiToken»');
  });
});

describe('mlogin-glo {return_to} and the login links', () => {
  it('answers a single-use link to the glo website', async () => {
    const r = await mloginGlo(a, { return_to: '/devices' });
    expect(r.status).toBe(200);
    expect(new URL(r.body.url as string).pathname).toBe('/sandbox/glo-site');
    const page = await openLink(s, r.body.url as string);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Сторінка: /devices');
    expect((await openLink(s, r.body.url as string)).status).toBe(410);
    expect((await openLink(s, (await mloginGlo(a)).body.url as string)).text).toContain('Сторінка: /');
  });

  it('a link works within 5 minutes only', async () => {
    const fresh = await mloginGlo(a);
    const stale = await mloginGlo(a);
    s.clock.advance(5 * 60_000 - 1_000);
    expect((await openLink(s, fresh.body.url as string)).status).toBe(200);
    s.clock.advance(1_000);
    expect((await openLink(s, stale.body.url as string)).status).toBe(410);
  });

  it('a link opens only its own site, and a wrong site does not use it up', async () => {
    const r = await mlogin(a, {
      ogo: true,
      ogoAuthApiToken: (await s.get('/api/api-auth/get-ogo-token', {}, a.token)).body.token,
    });
    const ticket = new URL(r.body.url as string).searchParams.get('ticket') ?? '';
    for (const site of ['/sandbox/glo-site', '/sandbox/velo-store']) {
      expect((await s.app.request(`${site}?ticket=${encodeURIComponent(ticket)}`)).status).toBe(410);
    }
    expect((await openLink(s, r.body.url as string)).status).toBe(200);
  });

  it('concurrent opens of one link: exactly one signs in', async () => {
    const r = await mloginGlo(a);
    const pages = await Promise.all(Array.from({ length: 5 }, () => openLink(s, r.body.url as string)));
    expect(pages.filter((p) => p.status === 200)).toHaveLength(1);
    expect(pages.filter((p) => p.status === 410)).toHaveLength(4);
  });

  it('an unknown, missing or over-long ticket is the dead-link page', async () => {
    for (const q of ['', '?ticket=', '?ticket=nope', `?ticket=${'x'.repeat(5000)}`, '?ticket=%00']) {
      const res = await s.app.request(`/sandbox/glo-site${q}`);
      expect(res.status, q).toBe(410);
    }
  });

  it('escapes what the page shows (names are not HTML)', async () => {
    const m = await createMember(s, { firstName: '<img src=x onerror=alert(1)>' });
    const page = await openLink(
      s,
      (await mloginGlo(m, { return_to: '/"><script>alert(1)</script>' })).body.url as string,
    );
    expect(page.status).toBe(200);
    expect(page.text).not.toContain('<img src=x');
    expect(page.text).not.toContain('<script>alert');
    expect(page.text).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('links use PUBLIC_URL when it is set', async () => {
    const t = await makeTestServer({ env: { PUBLIC_URL: 'https://club.example.ua/' } });
    try {
      const m = await createMember(t);
      const r = await t.post('/api/api-auth/mlogin-glo', {}, m.token);
      expect(r.body.url).toMatch(/^https:\/\/club\.example\.ua\/sandbox\/glo-site\?ticket=[A-Za-z0-9_-]+$/);
    } finally {
      await t.close();
    }
  });
});
