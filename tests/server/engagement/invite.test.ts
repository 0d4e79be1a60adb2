import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_RULES, inviteXp } from '../../../src/domain/invite/calculator';
import { veloMgmLink } from '../../../src/domain/invite/links';
import { isMgmCode } from '../../../src/domain/invite/mgm-code';
import { VELO_INVITE_PATH } from '../../../server/routes/engagement/invite/velo-site';
import { INVITE_FAQ } from '../../../server/seed/content-pages-programs';
import { createMember, type TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { HUGE_ID, endSessions, engagementServer } from './support';

let s: TestServer;
let a: TestMember;
let b: TestMember;
beforeAll(async () => {
  s = await engagementServer();
  a = await createMember(s);
  b = await createMember(s);
});
afterAll(() => s.close());

const promoCode = async (m: TestMember): Promise<string> => {
  const r = await s.get('/api/invite/get-promo-code', {}, m.token);
  expect(r.status).toBe(200);
  expect(r.body.msg).toBe('ok');
  return r.body.consumer.memberGetMemberCode as string;
};
const ogoToken = async (m: TestMember): Promise<string> => {
  const r = await s.get('/api/api-auth/get-ogo-token', {}, m.token);
  expect(r.status).toBe(200);
  return r.body.token as string;
};
const veloMgm = (m: TestMember, body: unknown, idem?: string) =>
  s.call('POST', '/api/invite/get-velo-mgm', { body, token: m.token, idem });

describe('invite/get-promo-code (docs/api.md#invite, docs/rules.md#validation: REW- prefix, length over 4)', () => {
  it('answers msg ok and the member’s own REW- code, the same on every call', async () => {
    const code = await promoCode(a);
    expect(code.startsWith('REW-')).toBe(true);
    expect(code.length).toBeGreaterThan(4);
    expect(isMgmCode(code)).toBe(true);
    expect(await promoCode(a)).toBe(code);
    const stored = await s.deps.db
      .selectFrom('members')
      .select('mgm_code')
      .where('id', '=', a.id)
      .executeTakeFirstOrThrow();
    expect(stored.mgm_code).toBe(code);
  });

  it('gives every member a code of their own, and keeps a code the member already has', async () => {
    const codes = new Set([await promoCode(a), await promoCode(b)]);
    for (let i = 0; i < 10; i++) codes.add(await promoCode(await createMember(s)));
    expect(codes.size).toBe(12);
    const c = await createMember(s);
    await s.deps.db.updateTable('members').set({ mgm_code: 'REW-OLENA7' }).where('id', '=', c.id).execute();
    expect(await promoCode(c)).toBe('REW-OLENA7');
  });

  it('makes one code when the first requests come at once (two tabs)', async () => {
    const c = await createMember(s);
    const codes = await Promise.all([1, 2, 3, 4].map(() => promoCode(c)));
    expect(new Set(codes).size).toBe(1);
  });
});

describe('invite/get-velo-mgm (docs/api.md#invite: discount_code; rev_code for the link)', () => {
  it('answers the member’s velo discount code and REW- code, the same on every call and for either record', async () => {
    const tok = await ogoToken(a);
    const first = await veloMgm(a, { shopifyId: a.ogo.id, ogoApiToken: tok });
    expect(first.status).toBe(200);
    expect(first.body.discount_code).toMatch(/^VELOMGM-[A-Z2-9]{6}$/);
    expect(first.body.rev_code).toBe(await promoCode(a));
    expect((await veloMgm(a, { shopifyId: a.ogo.id, ogoApiToken: tok })).body).toEqual(first.body);
    expect((await veloMgm(a, { shopifyId: a.glo.id, ogoApiToken: await ogoToken(a) })).body).toEqual(first.body);
    const rows = await s.deps.db.selectFrom('invite_velo_codes').selectAll().where('member_id', '=', a.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('gives each member a different code, one per member even when asked at once', async () => {
    const tb = await ogoToken(b);
    const both = await Promise.all([1, 2, 3].map(() => veloMgm(b, { shopifyId: b.ogo.id, ogoApiToken: tb })));
    expect(both.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(both.map((r) => r.body.discount_code)).size).toBe(1);
    const aCode = (await veloMgm(a, { shopifyId: a.ogo.id, ogoApiToken: await ogoToken(a) })).body.discount_code;
    expect(both[0]?.body.discount_code).not.toBe(aCode);
  });

  it('replays a repeated Idempotency-Key with the stored answer', async () => {
    const key = randomUUID();
    const body = { shopifyId: a.ogo.id, ogoApiToken: await ogoToken(a) };
    const first = await veloMgm(a, body, key);
    const again = await veloMgm(a, body, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('refuses another member’s record (403) and an unknown one (404)', async () => {
    const tok = await ogoToken(a);
    const foreign = await veloMgm(a, { shopifyId: b.ogo.id, ogoApiToken: tok });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error.code).toBe('not_owner');
    expect((await veloMgm(a, { shopifyId: 99_999_999, ogoApiToken: tok })).status).toBe(404);
  });

  it('refuses another member’s, an expired or a made-up ogo token with 401 ogo_unauthenticated', async () => {
    const c = await createMember(s);
    const theirs = await veloMgm(c, { shopifyId: c.ogo.id, ogoApiToken: await ogoToken(b) });
    expect(theirs.status).toBe(401);
    expect(theirs.body.error.code).toBe('ogo_unauthenticated');
    const made = await veloMgm(c, { shopifyId: c.ogo.id, ogoApiToken: 'x'.repeat(43) });
    expect(made.body.error.code).toBe('ogo_unauthenticated');
    const tok = await ogoToken(c);
    s.clock.advance(24 * 3_600_000 + 1000);
    const expired = await veloMgm(c, { shopifyId: c.ogo.id, ogoApiToken: tok });
    expect(expired.status).toBe(401);
    expect(expired.body.error.code).toBe('ogo_unauthenticated');
    expect(
      await s.deps.db.selectFrom('invite_velo_codes').select('id').where('member_id', '=', c.id).execute(),
    ).toEqual([]);
  });

  it('answers 400 naming the field for bad fields and bad JSON', async () => {
    const tok = await ogoToken(a);
    for (const [body, field] of [
      [{ ogoApiToken: tok }, 'shopifyId'],
      [{ shopifyId: String(a.ogo.id), ogoApiToken: tok }, 'shopifyId'],
      [{ shopifyId: -1, ogoApiToken: tok }, 'shopifyId'],
      [{ shopifyId: HUGE_ID, ogoApiToken: tok }, 'shopifyId'],
      [{ shopifyId: a.ogo.id }, 'ogoApiToken'],
      [{ shopifyId: a.ogo.id, ogoApiToken: '' }, 'ogoApiToken'],
      [{ shopifyId: a.ogo.id, ogoApiToken: 't'.repeat(201) }, 'ogoApiToken'],
    ] as const) {
      const r = await veloMgm(a, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.message).toContain(`«${field}»`);
    }
    const broken = await s.post('/api/invite/get-velo-mgm', '{"shopifyId":', a.token);
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe('bad_json');
  });

  it('needs a live bearer: a member whose session ended gets 401', async () => {
    const c = await createMember(s);
    const tok = await ogoToken(c);
    await endSessions(s, c);
    expect((await veloMgm(c, { shopifyId: c.ogo.id, ogoApiToken: tok })).status).toBe(401);
    expect((await s.get('/api/invite/get-promo-code', {}, c.token)).status).toBe(401);
  });
});

describe('invite/get-faq (docs/rules.md#entities: faq list of {title, text})', () => {
  it('answers the invite FAQ as plain {title, text} items in order', async () => {
    const r = await s.get('/api/invite/get-faq', {}, a.token);
    expect(r.status).toBe(200);
    if (INVITE_FAQ.kind !== 'faq') throw new Error('invite FAQ is a FAQ');
    expect(r.body.faq).toEqual(INVITE_FAQ.items.map((i) => ({ title: i.q, text: i.a.join('\n\n') })));
    for (const item of r.body.faq) expect(`${item.title}${item.text}`).not.toMatch(/<[a-z/]/i);
  });

  it('answers an empty list, not an error, when the page is not stored', async () => {
    const bare = await engagementServer();
    try {
      await bare.deps.db.deleteFrom('content_pages').execute();
      const m = await createMember(bare);
      const r = await bare.get('/api/invite/get-faq', {}, m.token);
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ faq: [] });
    } finally {
      await bare.close();
    }
  });
});

describe('invite/get-rules (the calculator’s figures, as the server pays them)', () => {
  it('answers the rules friend-reward pays by, to members only', async () => {
    const r = await s.get('/api/invite/get-rules', {}, a.token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      xpPerFriend: INVITE_RULES.xpPerFriend,
      milestones: [...INVITE_RULES.milestones],
      maxFriendsPerYear: INVITE_RULES.maxFriendsPerYear,
    });
    expect(inviteXp(5, r.body).totalXp).toBe(inviteXp(5).totalXp);
    expect((await s.get('/api/invite/get-rules', {})).status).toBe(401);
  });
});

describe('the velo invite link’s landing on the ogo store (sandbox)', () => {
  it('greets a friend with an issued discount code and names the member who invited', async () => {
    const r = await veloMgm(a, { shopifyId: a.glo.id, ogoApiToken: await ogoToken(a) }, randomUUID());
    expect(r.status).toBe(200);
    const link = veloMgmLink(VELO_INVITE_PATH, 'http://club.test', r.body.discount_code, r.body.rev_code);
    expect(link).not.toBeNull();
    const url = new URL(link ?? '');
    expect(url.searchParams.get('discount')).toBe(r.body.discount_code);
    expect(url.searchParams.get('rev_code')).toBe(r.body.rev_code);
    const page = await s.app.request(url.pathname + url.search);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(r.body.discount_code);
    expect(html).toContain(r.body.rev_code);
    // The code retyped by hand in lower case is the same code.
    const typed = await s.app.request(
      `${VELO_INVITE_PATH}?discount=${encodeURIComponent(String(r.body.discount_code).toLowerCase())}`,
    );
    expect(typed.status).toBe(200);
    expect(await typed.text()).toContain(r.body.discount_code);
  });

  it('answers 404 with a plain page for a code the club never issued, and escapes what it echoes', async () => {
    const page = await s.app.request(
      `${VELO_INVITE_PATH}?discount=${encodeURIComponent('<script>x</script>')}&rev_code=REW-AAAAAA`,
    );
    expect(page.status).toBe(404);
    const html = await page.text();
    expect(html).toContain('Запрошення недійсне');
    expect(html).not.toContain('<script>x');
  });
});

describe('invite/check-friend-code (docs/rules.md#validation, asked when the code is entered in the cart)', () => {
  const check = (m: TestMember, body: unknown) =>
    s.call('POST', '/api/invite/check-friend-code', { body, token: m.token });

  it('accepts another member’s real code on a first order and refuses nobody’s, one’s own and a malformed one, in Ukrainian', async () => {
    const c = await createMember(s);
    const d = await createMember(s);
    const code = await promoCode(c);
    const ok = await check(d, { code: code.toLowerCase() });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ ok: true, code });
    const nobody = await check(d, { code: 'REW-NOSUCH1' });
    expect(nobody.status).toBe(422);
    expect(nobody.body.error).toMatchObject({
      code: 'friend_code_unknown',
      message: expect.stringContaining('Такого коду друга немає'),
    });
    expect((await check(c, { code })).body.error.code).toBe('friend_code_own');
    expect((await check(d, { code: 'ABC' })).body.error.code).toBe('friend_code_not_applicable');
    expect((await check(d, {})).status).toBe(400);
  });
});
