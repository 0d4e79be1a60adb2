import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../../../server/security/tokens';
import { historyLinesOf } from '../../../server/routes/shop/xp-history';
import { changeXp } from '../../../server/xp';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';

let s: TestServer;
let a: TestMember;
let b: TestMember;
beforeAll(async () => {
  s = await makeTestServer();
  a = await createMember(s);
  b = await createMember(s, { xp: 40 });
  const at = (h: number) => new Date(s.clock.now().getTime() - h * 3_600_000);
  await changeXp(s.deps.db, {
    customerId: a.glo.id,
    amount: 500,
    reason: 'welcome',
    title: 'Вітальний бонус клубу',
    now: at(48),
  });
  await changeXp(s.deps.db, {
    customerId: a.glo.id,
    amount: -120,
    reason: 'order',
    title: 'Замовлення №10231',
    now: at(24),
  });
  await changeXp(s.deps.db, { customerId: a.glo.id, amount: 30, reason: 'scan', title: 'Сканування коду', now: at(1) });
  await changeXp(s.deps.db, {
    customerId: a.ogo.id,
    amount: 75,
    reason: 'scan',
    title: 'Сканування коду ogo',
    now: at(2),
  });
});
afterAll(() => s.close());

describe('get-bonus-history (docs/rules.md#entities Bonus history: transactions and summary)', () => {
  it('answers the glo ledger newest first with a summary of earned, spent and the balance', async () => {
    const r = await s.get('/api/get-bonus-history', {}, a.token);
    expect(r.status).toBe(200);
    expect(r.body.transactions.map((t: { amount: number }) => t.amount)).toEqual([30, -120, 500]);
    expect(r.body.transactions[0]).toMatchObject({ balance_after: 410, reason: 'scan', title: 'Сканування коду' });
    expect(r.body.summary).toEqual({ earned: 530, spent: 120, balance: 410, count: 3 });
  });

  it('answers the ogo record’s history for shop=ogo', async () => {
    const r = await s.get('/api/get-bonus-history', { shop: 'ogo' }, a.token);
    expect(r.body.transactions).toHaveLength(1);
    expect(r.body.summary).toEqual({ earned: 75, spent: 0, balance: 75, count: 1 });
  });

  it('starts a record on first use for a member who has none of that variant', async () => {
    const now = s.clock.now().toISOString();
    const { id } = await s.deps.db
      .insertInto('members')
      .values({
        phone: '380991234567',
        first_name: 'Нова',
        last_name: 'Учасниця',
        email: '',
        birth_date: null,
        adult_confirmed: 1,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token } = await issueToken(s.deps.db, id, 'user', s.clock.now());
    const r = await s.get('/api/get-bonus-history', { shop: 'ogo' }, token);
    expect(r.body).toEqual({ transactions: [], summary: { earned: 0, spent: 0, balance: 0, count: 0 }, pending: [] });
    const record = await s.deps.db
      .selectFrom('customers')
      .select(['variant', 'first_name'])
      .where('member_id', '=', id)
      .execute();
    expect(record).toEqual([{ variant: 'ogo', first_name: 'Нова' }]);
  });

  it('refuses an unknown shop with 400 naming the field, and no bearer with 401', async () => {
    const r = await s.get('/api/get-bonus-history', { shop: 'velo' }, a.token);
    expect(r.status).toBe(400);
    expect(r.body.error.message).toContain('«shop»');
    expect((await s.get('/api/get-bonus-history')).status).toBe(401);
  });
});

describe('get-balance (docs/api.md#shop: ?v=)', () => {
  it('answers each member’s own balance of the variant asked for', async () => {
    expect((await s.get('/api/get-balance', {}, a.token)).body).toEqual({ balance: 410 });
    expect((await s.get('/api/get-balance', { v: 'ogo' }, a.token)).body).toEqual({ balance: 75 });
    expect((await s.get('/api/get-balance', { ogo: 'true' }, a.token)).body).toEqual({ balance: 75 });
    expect((await s.get('/api/get-balance', {}, b.token)).body).toEqual({ balance: 40 });
  });

  it('refuses bad parameters with 400 naming the field, and no bearer with 401', async () => {
    for (const [query, field] of [
      [{ v: 'velo' }, 'v'],
      [{ ogo: 'maybe' }, 'ogo'],
    ] as const) {
      const r = await s.get('/api/get-balance', query, a.token);
      expect(r.status).toBe(400);
      expect(r.body.error.message).toContain(`«${field}»`);
    }
    expect((await s.get('/api/get-balance', {}, 'not-a-token')).status).toBe(401);
  });
});

describe('the XP history query', () => {
  it('reads a member’s lines in the order of an index, sorting nothing, however long the ledger', async () => {
    const db = s.deps.db;
    expect((await historyLinesOf(db, a.id, 'glo')).map((t) => t.amount)).toEqual([30, -120, 500]);
    expect((await historyLinesOf(db, a.id, 'ogo')).map((t) => t.amount)).toEqual([75]);
    if (s.deps.dialect === 'sqlite') {
      const { sql: text } = db
        .selectFrom('xp_ledger')
        .select('id')
        .where('customer_id', '=', (eb) =>
          eb.selectFrom('customers').select('id').where('member_id', '=', a.id).where('variant', '=', 'glo'),
        )
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(500)
        .compile();
      const plan = await sql
        .raw<{ detail: string }>(
          `explain query plan ${text.replace('?', String(a.id)).replace('?', "'glo'").replace('?', '500')}`,
        )
        .execute(db);
      const details = plan.rows.map((r) => r.detail).join(' | ');
      expect(details).toContain('xp_ledger_customer_time');
      expect(details).not.toContain('TEMP B-TREE');
    } else {
      const found = await sql<{
        indexdef: string;
      }>`select indexdef from pg_indexes where indexname = 'xp_ledger_customer_time'`.execute(db);
      expect(found.rows[0]?.indexdef).toMatch(/\(customer_id, created_at, id\)/);
    }
  });
});

describe('the XP history summary (totals kept beside the balance, server/xp.ts)', () => {
  it('counts the whole ledger though an answer carries its newest 500 lines, and a refused spend changes nothing', async () => {
    const c = await createMember(s);
    const now = s.clock.now();
    for (let i = 0; i < 520; i += 1)
      await changeXp(s.deps.db, { customerId: c.glo.id, amount: 2, reason: 'scan', title: 'Сканування коду', now });
    await changeXp(s.deps.db, { customerId: c.glo.id, amount: -40, reason: 'order', title: 'Замовлення', now });
    await expect(
      changeXp(s.deps.db, { customerId: c.glo.id, amount: -5000, reason: 'order', title: 'Замовлення', now }),
    ).rejects.toMatchObject({ code: 'insufficient_xp' });
    const r = await s.get('/api/get-bonus-history', {}, c.token);
    expect(r.body.transactions).toHaveLength(500);
    expect(r.body.summary).toEqual({ earned: 1040, spent: 40, balance: 1000, count: 521 });
  });
});
