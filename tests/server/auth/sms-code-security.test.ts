import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastSmsCode, smsCount } from '../../support/auth';
import { createMember } from '../../support/members';
import { makeTestServer, type TestServer, PRODUCTION_ENV } from '../../support/server';
import { newNumericCode, sha256 } from '../../../server/security/tokens';

let s: TestServer;
beforeAll(async () => {
  s = await makeTestServer();
});
afterAll(() => s.close());

const send = (phone: string) => s.post('/api/api-auth/login-sms', { phone });
const confirm = (phone: string, code: string) => s.post('/api/api-auth/confirm-sms', { phone, code });
const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function freshMemberWithCode(): Promise<{ phone: string; code: string }> {
  const m = await createMember(s);
  expect((await send(m.phone)).status).toBe(200);
  return { phone: m.phone, code: await lastSmsCode(s, m.phone) };
}

describe('SMS codes cannot be brute-forced (docs/rules.md#states SMS authentication)', () => {
  it('five wrong tries kill the code: the right one then fails too', async () => {
    const { phone, code } = await freshMemberWithCode();
    for (let i = 0; i < 5; i += 1) {
      const r = await confirm(phone, otherThan(code));
      expect(r.status).toBe(401);
      expect(r.body.error.message).toBe('Спробуй ще раз');
    }
    const r = await confirm(phone, code);
    expect(r.status).toBe(401);
    expect(r.body.error.message).toBe('Спробуй ще раз');
  });

  it('four wrong tries still leave the right code working', async () => {
    const { phone, code } = await freshMemberWithCode();
    for (let i = 0; i < 4; i += 1) expect((await confirm(phone, otherThan(code))).status).toBe(401);
    expect((await confirm(phone, code)).status).toBe(200);
  });

  it('parallel guesses cannot exceed five tries', async () => {
    const { phone, code } = await freshMemberWithCode();
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(guesses.map((g) => confirm(phone, g)));
    expect(answers.every((r) => r.status === 401)).toBe(true);
    const row = await s.deps.db
      .selectFrom('sms_codes')
      .select('attempts')
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect((await confirm(phone, code)).status).toBe(401);
  });

  it('stores codes only hashed (salted, slow hash), never in clear', async () => {
    const { phone, code } = await freshMemberWithCode();
    const rows = await s.deps.db.selectFrom('sms_codes').selectAll().where('phone', '=', phone).execute();
    expect(rows).toHaveLength(1);
    const stored = JSON.stringify(rows[0]);
    expect(stored).not.toContain(code);
    expect(rows[0]?.code_hash).not.toBe(sha256(code));
    expect(rows[0]?.code_hash.startsWith('s1$')).toBe(true);
  });

  it('a code works once', async () => {
    const { phone, code } = await freshMemberWithCode();
    expect((await confirm(phone, code)).status).toBe(200);
    const again = await confirm(phone, code);
    expect(again.status).toBe(401);
    expect(again.body.error.message).toBe('Спробуй ще раз');
  });

  it('a code expires after 5 minutes (ManualClock)', async () => {
    const early = await freshMemberWithCode();
    s.clock.advance(4 * 60_000 + 59_000);
    expect((await confirm(early.phone, early.code)).status).toBe(200);
    const late = await freshMemberWithCode();
    s.clock.advance(5 * 60_000);
    expect((await confirm(late.phone, late.code)).status).toBe(401);
  });

  it('a newer code replaces the older one', async () => {
    const { phone, code } = await freshMemberWithCode();
    s.clock.advance(61_000);
    await send(phone);
    const newer = await lastSmsCode(s, phone);
    if (newer !== code) expect((await confirm(phone, code)).status).toBe(401);
    expect((await confirm(phone, newer)).status).toBe(200);
  });
});

describe('resend limits: 1 per 60 s, 10 per day per phone', () => {
  it('a second send within a minute is 429 with Retry-After = seconds left, and sends nothing', async () => {
    const m = await createMember(s);
    expect((await send(m.phone)).status).toBe(200);
    s.clock.advance(20_000);
    const r = await send(m.phone);
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBe('40');
    expect(r.body.error.code).toBe('rate_limited');
    expect(await smsCount(s, m.phone)).toBe(1);
    s.clock.advance(40_000);
    expect((await send(m.phone)).status).toBe(200);
  });

  it('the 11th send of a day is refused; a day later sending works again', async () => {
    const m = await createMember(s);
    for (let i = 0; i < 10; i += 1) {
      expect((await send(m.phone)).status, `send ${i + 1}`).toBe(200);
      s.clock.advance(61_000);
    }
    const r = await send(m.phone);
    expect(r.status).toBe(429);
    const retry = Number(r.headers.get('retry-after'));
    // The oldest of the ten leaves the 24-hour window after 24 h - 10 × 61 s.
    expect(retry).toBe(86_400 - 610);
    expect(await smsCount(s, m.phone)).toBe(10);
    s.clock.advance(retry * 1000);
    expect((await send(m.phone)).status).toBe(200);
  });

  it('concurrent sends to one phone: exactly one goes out', async () => {
    const m = await createMember(s);
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(m.phone)));
    expect(answers.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
    expect(await smsCount(s, m.phone)).toBe(answers.filter((r) => r.status === 200).length);
  });
});

describe('codes come from a CSPRNG and cannot be guessed within the limits', () => {
  it('newNumericCode gives 6 digits, leading zeros kept, spread evenly over 000000..999999', () => {
    const n = 60_000;
    const firstDigit = new Map<string, number>();
    const seen = new Set<string>();
    for (let i = 0; i < n; i += 1) {
      const code = newNumericCode(6);
      expect(code).toMatch(/^\d{6}$/);
      firstDigit.set(code.slice(0, 1), (firstDigit.get(code.slice(0, 1)) ?? 0) + 1);
      seen.add(code);
    }
    // Each leading digit about a tenth of the draws (±15 %), zero included.
    expect([...firstDigit.keys()].sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    for (const count of firstDigit.values()) expect(Math.abs(count - n / 10)).toBeLessThan((n / 10) * 0.15);
    // 60 000 draws from 10^6 values repeat about 1 750 times; a weak source repeats far more.
    expect(seen.size).toBeGreaterThan(57_500);
  });

  it('codes sent at the same instant to different phones differ (not derived from the clock)', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 30; i += 1) codes.push((await freshMemberWithCode()).code);
    expect(new Set(codes).size).toBeGreaterThanOrEqual(29);
  });

  it('a code of one phone does not sign in another phone', async () => {
    const one = await freshMemberWithCode();
    const two = await freshMemberWithCode();
    if (one.code !== two.code) expect((await confirm(two.phone, one.code)).status).toBe(401);
    expect((await confirm(one.phone, one.code)).status).toBe(200);
  });

  it('an attacker gets at most 50 guesses a day per phone (10 codes × 5 tries): about 1 in 20 000', async () => {
    const m = await createMember(s);
    let sends = 0;
    for (;;) {
      const r = await send(m.phone);
      if (r.status === 429) {
        expect(r.body.error.message).toBe('Ліміт SMS на сьогодні вичерпано. Спробуй завтра');
        break;
      }
      sends += 1;
      const code = await lastSmsCode(s, m.phone);
      for (let i = 1; i <= 7; i += 1) {
        const guess = String((Number(code) + i) % 1_000_000).padStart(6, '0');
        expect((await confirm(m.phone, guess)).status).toBe(401);
      }
      s.clock.advance(61_000);
      expect(sends).toBeLessThanOrEqual(10);
    }
    expect(sends).toBe(10);
    const rows = await s.deps.db.selectFrom('sms_codes').select('attempts').where('phone', '=', m.phone).execute();
    expect(rows.reduce((sum, r) => sum + r.attempts, 0)).toBe(50);
    // Registration is no way around it: a member's phone gets no registration code.
    const reg = await s.post('/api/api-auth/registration', {
      first_name: 'Зло',
      last_name: 'Вмисник',
      email: 'x.attacker@example.com',
      phone: m.phone,
      adult_confirmed: true,
    });
    expect(reg.status).toBe(409);
    expect(await smsCount(s, m.phone)).toBe(10);
  });

  it('login and registration codes share the send limits of a phone; another phone is not held back', async () => {
    const phone = '380931234000';
    const reg = await s.post('/api/api-auth/registration', {
      first_name: 'Нова',
      last_name: 'Учасниця',
      email: 'nova.member@example.com',
      phone,
      adult_confirmed: true,
    });
    expect(reg.status).toBe(200);
    expect((await s.post('/api/api-auth/reg-auth', { phone, code: await lastSmsCode(s, phone) })).status).toBe(200);
    const soon = await send(phone);
    expect(soon.status).toBe(429);
    expect(Number(soon.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await createMember(s);
    expect((await send(other.phone)).status).toBe(200);
    s.clock.advance(60_000);
    expect((await send(phone)).status).toBe(200);
  });
});

describe('codes in the SMS log', () => {
  it('are never stored in clear in production (the sandbox named for staging), and /dev/sms-outbox is not there', async () => {
    const prod = await makeTestServer({ env: { ...PRODUCTION_ENV, SANDBOXES: 'sms' } });
    try {
      const m = await createMember(prod);
      expect((await prod.post('/api/api-auth/login-sms', { phone: m.phone })).status).toBe(200);
      const rows = await prod.deps.db.selectFrom('sms_outbox').selectAll().where('phone', '=', m.phone).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.code).toBeNull();
      expect(rows[0]?.text).toContain('••••••');
      expect(rows[0]?.text).not.toMatch(/\d{6}/);
      expect((await prod.app.request(`/dev/sms-outbox?phone=${m.phone}`)).status).not.toBe(200);
    } finally {
      await prod.close();
    }
  });
});
