import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCAN_MONTHLY_GOAL } from '../../../src/domain/scan/goal';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { guid, printCodes } from './support';

let s: TestServer;
let a: TestMember;
let b: TestMember;
beforeAll(async () => {
  // 23 Nov 2026, 10:00 UTC (12:00 in Kyiv).
  s = await makeTestServer();
  a = await createMember(s, { xp: 50, ogoXp: 30 });
  b = await createMember(s);
});
afterAll(() => s.close());

const scanNew = async (m: TestMember, label: string, opts: { ogo?: boolean; xp?: number } = {}) => {
  const code = guid(label);
  await printCodes(s, [{ code, variant: opts.ogo ? 'ogo' : 'glo', xp: opts.xp ?? 10 }]);
  const r = await s.post('/api/scan/scan-code', { code, ogo: opts.ogo }, m.token);
  expect(r.status).toBe(200);
  return r.body;
};
const count = (m: TestMember, date_start: string, ogo?: boolean) =>
  s.post('/api/scan/get-scan-count', { date_start, ogo }, m.token);

describe('scan/get-scan-count {date_start} (docs/api.md#scan; docs/rules.md#error-reactions code other than 200 is an error)', () => {
  it('answers code 200, success and the month’s count, which moves after a scan', async () => {
    const before = await count(a, '2026-11-01');
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ code: 200, success: true, count: 0, date_start: '2026-11-01' });
    await scanNew(a, 'count-1');
    await scanNew(a, 'count-2');
    expect((await count(a, '2026-11-01')).body.count).toBe(2);
    expect((await count(a, '2026-10-01')).body.count).toBe(0);
    // Another variant and another member are counted apart.
    expect((await count(a, '2026-11-01', true)).body.count).toBe(0);
    expect((await count(b, '2026-11-01')).body.count).toBe(0);
  });

  it('counts by Kyiv months: a scan at 23:30 Kyiv on the 30th is November, at 00:30 on the 1st December', async () => {
    const late = new Date('2026-11-30T21:30:00.000Z');
    s.clock.advance(late.getTime() - s.clock.now().getTime());
    await scanNew(b, 'kyiv-late');
    s.clock.advance(2 * 3_600_000);
    await scanNew(b, 'kyiv-early');
    expect((await count(b, '2026-11-01')).body.count).toBe(1);
    expect((await count(b, '2026-12-01')).body.count).toBe(1);
  });

  it('refuses a date that is not the first of a real month with 400', async () => {
    for (const date_start of ['2026-11-05', '2026-13-01', '2026-00-01', '01.11.2026', '', 'листопад']) {
      const r = await count(a, date_start);
      expect(r.status, date_start).toBe(400);
      expect(r.body.error.code).toMatch(/invalid_(body|date)/);
    }
    expect((await s.post('/api/scan/get-scan-count', {}, a.token)).status).toBe(400);
  });

  it('needs a signed-in member (401)', async () => {
    expect((await s.post('/api/scan/get-scan-count', { date_start: '2026-11-01' })).status).toBe(401);
  });
});

describe('scan/get-scan-percent and get-message: progress towards the monthly goal', () => {
  let m: TestMember;
  beforeAll(async () => {
    m = await createMember(s);
  });

  it(`starts at 0% of ${SCAN_MONTHLY_GOAL} scans with an inviting message`, async () => {
    const p = await s.get('/api/scan/get-scan-percent', {}, m.token);
    expect(p.status).toBe(200);
    expect(p.body).toMatchObject({
      percent: 0,
      count: 0,
      goal: SCAN_MONTHLY_GOAL,
      coinMonth: 0,
      month: '2026-12-01',
      managerAdded: false,
    });
    const msg = await s.get('/api/scan/get-message', {}, m.token);
    expect(msg.body).toMatchObject({ count: 0, goal: SCAN_MONTHLY_GOAL });
    expect(msg.body.message).toMatch(/ще жодного скану/);
  });

  it('moves after each scan: percent, coinMonth and the message follow the count', async () => {
    await scanNew(m, 'pct-1', { xp: 10 });
    await scanNew(m, 'pct-2', { xp: 12 });
    const p = await s.get('/api/scan/get-scan-percent', {}, m.token);
    expect(p.body).toMatchObject({ percent: 20, count: 2, coinMonth: 22 });
    expect((await s.get('/api/scan/get-message', {}, m.token)).body.message).toMatch(/2 скани/);
    for (let i = 3; i <= 6; i += 1) await scanNew(m, `pct-${i}`);
    expect((await s.get('/api/scan/get-scan-percent', {}, m.token)).body.percent).toBe(60);
    expect((await s.get('/api/scan/get-message', {}, m.token)).body.message).toMatch(/половину/);
    for (let i = 7; i <= 11; i += 1) await scanNew(m, `pct-${i}`);
    const done = await s.get('/api/scan/get-scan-percent', {}, m.token);
    expect(done.body).toMatchObject({ percent: 100, count: 11 });
    expect((await s.get('/api/scan/get-message', {}, m.token)).body.message).toMatch(/більше за ціль/);
    // The ogo side of the same member has its own month.
    expect((await s.get('/api/scan/get-scan-percent', { ogo: 'true' }, m.token)).body.count).toBe(0);
  });

  it('refuses a bad ogo flag with 400 and answers 401 without a member', async () => {
    expect((await s.get('/api/scan/get-scan-percent', { ogo: 'maybe' }, m.token)).status).toBe(400);
    expect((await s.get('/api/scan/get-message', { ogo: 'maybe' }, m.token)).status).toBe(400);
    expect((await s.get('/api/scan/get-scan-percent')).status).toBe(401);
    expect((await s.get('/api/scan/get-message')).status).toBe(401);
  });
});

describe('scan/get-full-balance: both variants and the total', () => {
  it('answers glo, ogo and their sum, and follows a scan', async () => {
    const r = await s.get('/api/scan/get-full-balance', {}, a.token);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ glo: 70, ogo: 30, total: 100 });
    await scanNew(a, 'full-ogo', { ogo: true, xp: 15 });
    expect((await s.get('/api/scan/get-full-balance', {}, a.token)).body).toEqual({ glo: 70, ogo: 45, total: 115 });
  });

  it('answers zeros for a member without shop records yet, and 401 without a member', async () => {
    const m = await createMember(s);
    await s.deps.db.deleteFrom('customers').where('member_id', '=', m.id).execute();
    expect((await s.get('/api/scan/get-full-balance', {}, m.token)).body).toEqual({ glo: 0, ogo: 0, total: 0 });
    expect((await s.get('/api/scan/get-full-balance')).status).toBe(401);
  });
});
