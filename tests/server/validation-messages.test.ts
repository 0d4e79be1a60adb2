import { describe, expect, it } from 'vitest';
import { allCalls } from '../../src/contract/index';
import type { TestMember } from '../support/members';
import type { TestServer } from '../support/server';
import { withServerAndMember } from '../support/server-member';

/**
 * 400 messages mixed Ukrainian with zod's English («Invalid input: expected number,
 * received string»). Every call's schema complaints now read wholly in Ukrainian: for every field
 * of every JSON call, a value of the wrong kind is answered 400 with a Ukrainian message naming
 * the field. Only the field's name, quoted values and a few fixed tokens may be Latin.
 */
let s: TestServer;
let m: TestMember;
withServerAndMember((x) => ({ s, m } = x));

const ALLOWED = new Set([
  'true',
  'false',
  'null',
  'NaN',
  'JSON',
  'XP',
  'SMS',
  'U',
  'ID',
  'UAH',
  'ogo',
  'glo',
  'velo',
  'iPost',
  'PIN',
  'REW',
]);
/** The message with the field names («…») and quoted values ("…") taken out: what must be Ukrainian. */
const latinWords = (message: string) =>
  (
    message
      .replace(/«[^»]*»/g, '')
      .replace(/"[^"]*"/g, '')
      .match(/[A-Za-z][A-Za-z_]*/g) ?? []
  ).filter((w) => !ALLOWED.has(w));

const shapeOf = (schema: unknown): Record<string, unknown> =>
  (schema as { def?: { shape?: Record<string, unknown> } }).def?.shape ?? {};

describe('400 answers of every call are Ukrainian', () => {
  it('names the field and says what is wrong in Ukrainian, for a wrong value in every field of every call', async () => {
    const seen: string[] = [];
    for (const { call } of allCalls()) {
      if (call.multipart) continue;
      for (const field of Object.keys(shapeOf(call.request))) {
        for (const wrong of [{ a: 1 }, 'x'.repeat(3000), -1.5]) {
          const r =
            call.method === 'GET'
              ? await s.call('GET', call.path, {
                  query: { [field]: typeof wrong === 'string' ? wrong : JSON.stringify(wrong) },
                  token: m.token,
                })
              : await s.call('POST', call.path, { body: { [field]: wrong }, token: m.token });
          if (r.status !== 400 || r.body?.error?.code !== 'invalid_body') continue;
          const message = r.body.error.message as string;
          seen.push(message);
          expect(message, `${call.path} ${field}`).toMatch(/^Некоректні дані: /);
          expect(latinWords(message), `${call.path} ${field}: ${message}`).toEqual([]);
        }
      }
    }
    // The sweep really reached the schemas: hundreds of refusals, of every kind.
    expect(seen.length).toBeGreaterThan(200);
    expect(seen.some((t) => /очікується рядок, отримано об’єкт/.test(t))).toBe(true);
    expect(seen.some((t) => /не більше \d+ символів/.test(t))).toBe(true);
  });

  it('answers the probe’s case (a string for a number) in Ukrainian', async () => {
    const r = await s.post('/api/api-shop/get-liqpay-link', { orderId: '12' }, m.token);
    expect(r.status).toBe(400);
    expect(r.body.error.message).toBe('Некоректні дані: поле «orderId»: очікується число, отримано рядок');
    const missing = await s.post('/api/api-shop/get-liqpay-link', {}, m.token);
    expect(missing.body.error.message).toBe('Некоректні дані: поле «orderId»: обов’язкове поле (очікується число)');
  });
});
