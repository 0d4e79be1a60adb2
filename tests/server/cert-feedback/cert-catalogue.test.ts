import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordmarkLogo } from '../../../server/routes/engagement/cert/logo';
import { DEFAULT_CERT_CATEGORIES } from '../../../src/domain/programme/cert-rules';
import { seedCertCatalogue } from '../../../server/seed/cert-feedback';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { certToken } from './support';

let s: TestServer;
let a: TestMember;
let token: string;
beforeAll(async () => {
  s = await makeTestServer();
  await seedCertCatalogue(s.deps);
  a = await createMember(s);
  token = await certToken(s, a);
});
afterAll(() => s.close());

describe('cert/get-cats (docs/rules.md#entities default categories)', () => {
  it('answers the six default categories in Ukrainian, as an array', async () => {
    const r = await s.post('/api/cert/get-cats', { token }, a.token);
    expect(r.status).toBe(200);
    // The names themselves are pinned by tests/unit/domain/certificates-rules.test.ts.
    expect(r.body).toEqual(DEFAULT_CERT_CATEGORIES);
    expect(r.body).toHaveLength(6);
  });

  it('answers 401 cert_unauthenticated for a dead certificate token, UNAUTHORIZED_IN_APP without a bearer (docs/rules.md#error-reactions)', async () => {
    const dead = await s.post('/api/cert/get-cats', { token: 'expired-or-unknown' }, a.token);
    expect(dead.status).toBe(401);
    expect(dead.body.error.code).toBe('cert_unauthenticated');
    const noBearer = await s.post('/api/cert/get-cats', { token });
    expect(noBearer.status).toBe(401);
    expect(noBearer.body.error.code).toBe('UNAUTHORIZED_IN_APP');
    const missing = await s.post('/api/cert/get-cats', {}, a.token);
    expect(missing.status).toBe(400);
  });
});

describe('cert/get-partners-by-id', () => {
  it('answers 3 to 5 partners per category with nominals of 100-1000 UAH and their XP prices', async () => {
    for (const id of [1, 2, 4, 5, 6, 7]) {
      const r = await s.post('/api/cert/get-partners-by-id', { token, categoryId: id }, a.token);
      expect(r.status).toBe(200);
      expect(r.body.categoryId).toBe(id);
      expect(r.body.partners.length).toBeGreaterThanOrEqual(3);
      expect(r.body.partners.length).toBeLessThanOrEqual(5);
      for (const p of r.body.partners) {
        expect(p.categoryId).toBe(id);
        expect(p.name.length).toBeGreaterThan(0);
        expect(p.logo).toMatch(/^data:image\/svg\+xml/);
        expect(decodeURIComponent(p.logo)).toContain(`>${p.name}</text>`);
        expect(p.nominals.length).toBeGreaterThan(0);
        for (const n of p.nominals) {
          expect(n.nominal).toBeGreaterThanOrEqual(100);
          expect(n.nominal).toBeLessThanOrEqual(1000);
          expect(n.xp).toBeGreaterThanOrEqual(n.nominal);
        }
      }
    }
  });

  it('answers 404 for a category that does not exist and 400 for a non-integer id', async () => {
    const unknown = await s.post('/api/cert/get-partners-by-id', { token, categoryId: 3 }, a.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('cert_category_not_found');
    for (const categoryId of ['1', 1.5, -1, 0]) {
      const r = await s.post('/api/cert/get-partners-by-id', { token, categoryId }, a.token);
      expect(r.status).toBe(400);
    }
  });

  it('leaves out partners that no longer sell', async () => {
    const r = await s.post('/api/cert/get-partners-by-id', { token, categoryId: 5 }, a.token);
    const gone = r.body.partners[0].id as number;
    await s.deps.db.updateTable('cert_partners').set({ active: 0 }).where('id', '=', gone).execute();
    const after = await s.post('/api/cert/get-partners-by-id', { token, categoryId: 5 }, a.token);
    expect(after.body.partners.map((p: { id: number }) => p.id)).not.toContain(gone);
    await s.deps.db.updateTable('cert_partners').set({ active: 1 }).where('id', '=', gone).execute();
  });

  it('needs the caller’s own live certificate token', async () => {
    const b = await createMember(s);
    const r = await s.post('/api/cert/get-partners-by-id', { token, categoryId: 1 }, b.token);
    expect(r.status).toBe(401);
    expect(r.body.error.code).toBe('cert_unauthenticated');
  });
});

describe('cert/get-message', () => {
  it('answers the general text, and a text per category', async () => {
    const general = await s.post('/api/cert/get-message', { token }, a.token);
    expect(general.status).toBe(200);
    expect(general.body.title).toBe('Сертифікати партнерів');
    expect(general.body.message).toContain('XP');
    const fuel = await s.post('/api/cert/get-message', { token, categoryId: 5 }, a.token);
    expect(fuel.body.title).toBe('Пальне');
    expect(fuel.body.message).toContain('АЗС');
  });

  it('answers 404 for an unknown category, 400 for a bad one, cert_unauthenticated for a dead token', async () => {
    expect((await s.post('/api/cert/get-message', { token, categoryId: 9 }, a.token)).status).toBe(404);
    expect((await s.post('/api/cert/get-message', { token, categoryId: 'all' }, a.token)).status).toBe(400);
    const dead = await s.post('/api/cert/get-message', { token: 'x' }, a.token);
    expect(dead.body.error.code).toBe('cert_unauthenticated');
  });
});

describe('partner wordmark logo', () => {
  it('escapes the name and falls back to a neutral colour', () => {
    const svg = decodeURIComponent(wordmarkLogo('A&B <script>', 'red;" onload="x'));
    expect(svg).toContain('A&amp;B &lt;script&gt;');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('fill="#333333"');
  });
});
