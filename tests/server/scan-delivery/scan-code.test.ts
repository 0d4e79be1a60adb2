import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUID_ERRORS } from '../../../src/domain/scan/guid';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { balanceOf, guid, ledgerCount, printCodes } from './support';

let s: TestServer;
let a: TestMember;
let b: TestMember;
beforeAll(async () => {
  s = await makeTestServer();
  a = await createMember(s, { xp: 100 });
  b = await createMember(s);
});
afterAll(() => s.close());

const scan = (m: TestMember, body: unknown, idem?: string) =>
  s.call('POST', '/api/scan/scan-code', { body, token: m.token, idem });

describe('scan/scan-code: a valid unused code awards its XP once (docs/rules.md#entities Scan, docs/rules.md#validation GUID)', () => {
  it('awards the code’s XP to the record of the variant and answers the new balance and history item', async () => {
    const code = guid('award-glo');
    await printCodes(s, [{ code, xp: 25, product: 'Стіки neo™ Ruby Boost' }]);
    const r = await scan(a, { code });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ status: 'awarded', xp: 25, balance: 125, monthCount: 1 });
    expect(r.body.item).toMatchObject({
      uuid: code,
      xp: 25,
      product: 'Стіки neo™ Ruby Boost',
      variant: 'glo',
      source: 'single',
    });
    expect(await balanceOf(s, a.glo.id)).toBe(125);
    const ledger = await s.deps.db.selectFrom('xp_ledger').selectAll().where('customer_id', '=', a.glo.id).execute();
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amount: 25, balance_after: 125, reason: 'scan', ref: `scan:${code}` });
  });

  it('pays an ogo code to the ogo record when ogo is true, and accepts upper case and spaces around', async () => {
    const code = guid('award-ogo');
    await printCodes(s, [{ code, variant: 'ogo', xp: 12 }]);
    const r = await scan(a, { code: `  ${code.toUpperCase()} `, ogo: true });
    expect(r.status).toBe(200);
    expect(r.body.balance).toBe(12);
    expect(await balanceOf(s, a.ogo.id)).toBe(12);
    expect(await balanceOf(s, a.glo.id)).toBe(125);
  });

  it('refuses a malformed code with 400 and the GUID messages (docs/rules.md#error-reactions), changing nothing', async () => {
    const before = await ledgerCount(s, a.glo.id);
    const cases: Array<[unknown, string]> = [
      ['not-a-guid', GUID_ERRORS.invalid],
      ['12345678-1234-1234-1234-12345678901', GUID_ERRORS.invalid],
      ['1234567!-1234-1234-1234-123456789012', GUID_ERRORS.invalid],
      ['', GUID_ERRORS.required],
      [undefined, GUID_ERRORS.required],
      [null, GUID_ERRORS.required],
      [42, GUID_ERRORS.unsupported],
      [true, GUID_ERRORS.unsupported],
    ];
    for (const [code, message] of cases) {
      const r = await scan(a, code === undefined ? {} : { code });
      expect(r.status, String(code)).toBe(400);
      expect(r.body.error).toEqual({ code: 'invalid_guid', message });
    }
    const tooLong = await scan(a, { code: 'x'.repeat(201) });
    expect(tooLong.status).toBe(400);
    const badFlag = await scan(a, { code: guid('award-glo'), ogo: 'yes' });
    expect(badFlag.status).toBe(400);
    expect(await ledgerCount(s, a.glo.id)).toBe(before);
  });

  it('answers 404 code_not_found for a well-formed code nobody printed', async () => {
    const r = await scan(a, { code: guid('never-printed') });
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('code_not_found');
    expect(r.body.error.message).toMatch(/Такого коду немає/);
  });

  it('refuses a used code with 409, telling whether the caller used it, and pays nothing', async () => {
    const code = guid('award-glo');
    const mine = await scan(a, { code });
    expect(mine.status).toBe(409);
    expect(mine.body.error.code).toBe('code_used_by_you');
    expect(mine.body.error.message).toMatch(/уже зараховано тобі 23\.11\.2026/);
    const other = await scan(b, { code });
    expect(other.status).toBe(409);
    expect(other.body.error.code).toBe('code_used');
    expect(other.body.error.message).toMatch(/інший учасник/);
    expect(await balanceOf(s, a.glo.id)).toBe(125);
    expect(await balanceOf(s, b.glo.id)).toBe(0);
  });

  it('refuses a code of the other brand with 422 and leaves it unused', async () => {
    const code = guid('ogo-in-glo');
    await printCodes(s, [{ code, variant: 'ogo' }]);
    const r = await scan(b, { code });
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('code_other_brand');
    const row = await s.deps.db
      .selectFrom('scan_codes')
      .select('used_at')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
    expect((await scan(b, { code, ogo: true })).status).toBe(200);
  });

  it('awards once when the same code is scanned twice at the same moment, by one member or by two', async () => {
    for (const [label, pair] of [
      ['same', [a, a]],
      ['two', [a, b]],
    ] as const) {
      const code = guid(`race-${label}`);
      await printCodes(s, [{ code, xp: 40 }]);
      const before = (await balanceOf(s, a.glo.id)) + (await balanceOf(s, b.glo.id));
      const results = await Promise.all(pair.map((m) => scan(m, { code })));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const after = (await balanceOf(s, a.glo.id)) + (await balanceOf(s, b.glo.id));
      expect(after - before).toBe(40);
      const ledger = await s.deps.db.selectFrom('xp_ledger').select('id').where('ref', '=', `scan:${code}`).execute();
      expect(ledger).toHaveLength(1);
    }
  });

  it('a burst of ten scans of one code pays once', async () => {
    const code = guid('burst');
    await printCodes(s, [{ code, xp: 7 }]);
    const before = await balanceOf(s, b.glo.id);
    const results = await Promise.all(Array.from({ length: 10 }, () => scan(b, { code })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    expect(await balanceOf(s, b.glo.id)).toBe(before + 7);
  });

  it('replays the first answer for a repeated Idempotency-Key (the outbox resending a scan)', async () => {
    const code = guid('idem');
    await printCodes(s, [{ code, xp: 10 }]);
    const first = await scan(b, { code }, 'scan-key-0001');
    const again = await scan(b, { code }, 'scan-key-0001');
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(
      await s.deps.db.selectFrom('xp_ledger').select('id').where('ref', '=', `scan:${code}`).execute(),
    ).toHaveLength(1);
  });

  it('stores a refusal under its Idempotency-Key too, and one key sent ten times at once pays once', async () => {
    const code = guid('idem-burst');
    await printCodes(s, [{ code, xp: 9 }]);
    const before = await balanceOf(s, b.glo.id);
    const results = await Promise.all(Array.from({ length: 10 }, () => scan(b, { code }, 'scan-key-burst')));
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    for (const r of ok) expect(r.body).toEqual(ok[0]!.body);
    expect(await balanceOf(s, b.glo.id)).toBe(before + 9);
    expect((ok[0]!.body as { monthCount: number }).monthCount).toBeGreaterThanOrEqual(1);

    const refused = await scan(b, { code }, 'scan-key-used-1');
    const replayed = await scan(b, { code }, 'scan-key-used-1');
    expect(refused.status).toBe(409);
    expect(replayed.status).toBe(409);
    expect(replayed.body).toEqual(refused.body);
    expect(await balanceOf(s, b.glo.id)).toBe(before + 9);
  });

  it('needs a signed-in member (401)', async () => {
    const none = await s.post('/api/scan/scan-code', { code: guid('award-glo') });
    expect(none.status).toBe(401);
    const dead = await s.post('/api/scan/scan-code', { code: guid('award-glo') }, 'not-a-session');
    expect(dead.status).toBe(401);
  });
});
