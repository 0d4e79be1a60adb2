import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeProvider, type FakeProvider } from '../../support/fake-provider';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer, PRODUCTION_ENV } from '../../support/server';

/**
 * the real SMS gateway, TurboSMS's HTTP API (POST /message/send.json, a bearer token,
 * `{ recipients, sms: { sender, text } }`; answers 200 with response_code / response_status and a
 * result per recipient), against a local server that speaks those shapes. Chosen by configuration
 * (TURBOSMS_TOKEN and TURBOSMS_SENDER), in production too; its refusals become clear answers.
 */
const TOKEN = 'turbo-test-token';
let fake: FakeProvider;
/** What the fake answers next: 'ok' or a refusal. */
let mode: 'ok' | 'bad_token' | 'bad_phone' | 'no_credits' | 'http_500' = 'ok';
let s: TestServer;
let m: TestMember;

beforeAll(async () => {
  fake = await startFakeProvider((req) => {
    if (req.path !== '/message/send.json' || req.method !== 'POST')
      return { status: 404, json: { response_code: 404, response_status: 'NOT_FOUND', response_result: null } };
    if (req.headers.authorization !== `Bearer ${TOKEN}` || mode === 'bad_token')
      return { json: { response_code: 103, response_status: 'REQUIRED_TOKEN', response_result: null } };
    if (mode === 'http_500') return { status: 500, json: {} };
    if (mode === 'no_credits')
      return { json: { response_code: 201, response_status: 'NOT_ENOUGH_CREDITS', response_result: null } };
    const body = JSON.parse(req.body) as { recipients: string[]; sms: { sender: string; text: string } };
    if (mode === 'bad_phone') {
      return {
        json: {
          response_code: 802,
          response_status: 'SUCCESS_MESSAGE_PARTIAL_ACCEPTED',
          response_result: body.recipients.map((phone) => ({
            phone,
            response_code: 406,
            message_id: null,
            response_status: 'NOT_ALLOWED_RECIPIENT_PHONE',
          })),
        },
      };
    }
    return {
      json: {
        response_code: 800,
        response_status: 'SUCCESS_MESSAGE_ACCEPTED',
        response_result: body.recipients.map((phone, i) => ({
          phone,
          response_code: 0,
          message_id: `f83f8868-5e46-c6cf-e4fb-61${i}`,
          response_status: 'OK',
        })),
      },
    };
  });
  s = await makeTestServer({
    env: { ...PRODUCTION_ENV, TURBOSMS_TOKEN: TOKEN, TURBOSMS_SENDER: 'Club', TURBOSMS_URL: fake.origin },
  });
  m = await createMember(s, { phone: '380671230001' });
});
afterAll(async () => {
  await s.close();
  await fake.close();
});
beforeEach(() => {
  mode = 'ok';
  s.clock.advance(61_000);
});

const lastSent = () =>
  JSON.parse(fake.requests.at(-1)!.body) as { recipients: string[]; sms: { sender: string; text: string } };

describe('TurboSMS gateway', () => {
  it('sends the login code as TurboSMS expects, and the code it carries signs the member in', async () => {
    const before = fake.requests.length;
    const r = await s.post('/api/api-auth/login-sms', { phone: '+38 067 123 00 01' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ sent: true, registered: true });
    expect(fake.requests).toHaveLength(before + 1);
    const req = fake.requests.at(-1)!;
    expect(req.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(req.headers['content-type']).toContain('application/json');
    const sent = lastSent();
    expect(sent.recipients).toEqual(['380671230001']);
    expect(sent.sms.sender).toBe('Club');
    const code = /(\d{6})/.exec(sent.sms.text)?.[1];
    expect(code).toBeDefined();
    // Production keeps no code and nothing in the sandbox outbox.
    expect(await s.deps.db.selectFrom('sms_outbox').select('id').execute()).toHaveLength(0);
    const signedIn = await s.post('/api/api-auth/confirm-sms', { phone: m.phone, code });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.token).toEqual(expect.any(String));
  });

  it('keeps the per-phone limit before the gateway: a second send within a minute never reaches it', async () => {
    expect((await s.post('/api/api-auth/login-sms', { phone: m.phone })).status).toBe(200);
    const before = fake.requests.length;
    const again = await s.post('/api/api-auth/login-sms', { phone: m.phone });
    expect(again.status).toBe(429);
    expect(again.headers.get('retry-after')).toBeTruthy();
    expect(fake.requests).toHaveLength(before);
  });

  it.each([
    ['a refused token', 'bad_token', 503, 'sms_unavailable'],
    ['an empty balance', 'no_credits', 503, 'sms_unavailable'],
    ['the gateway failing', 'http_500', 503, 'sms_unavailable'],
    ['a number the gateway will not text', 'bad_phone', 422, 'sms_undeliverable'],
  ] as const)(
    'maps %s to a clear Ukrainian answer, and the unsent code holds nothing back',
    async (_name, refusal, status, code) => {
      mode = refusal;
      const r = await s.post('/api/api-auth/login-sms', { phone: m.phone });
      expect(r.status).toBe(status);
      expect(r.body.error.code).toBe(code);
      expect(r.body.error.message).toMatch(/^(Не вдалося надіслати SMS|На цей номер не вдається надіслати SMS)/);
      expect(
        await s.deps.db
          .selectFrom('sms_codes')
          .select('id')
          .where('phone', '=', m.phone)
          .where('used_at', 'is', null)
          .where('created_at', '=', s.clock.now().toISOString())
          .execute(),
      ).toHaveLength(0);
      // Nothing was sent, so no resend wait: once the gateway works again the code goes at once.
      mode = 'ok';
      expect((await s.post('/api/api-auth/login-sms', { phone: m.phone })).status).toBe(200);
    },
  );

  it('answers 503 when the gateway cannot be reached at all', async () => {
    const down = await makeTestServer({
      env: { ...PRODUCTION_ENV, TURBOSMS_TOKEN: TOKEN, TURBOSMS_SENDER: 'Club', TURBOSMS_URL: 'http://127.0.0.1:9' },
    });
    try {
      const who = await createMember(down, { phone: '380671230002' });
      const r = await down.post('/api/api-auth/login-sms', { phone: who.phone });
      expect(r.status).toBe(503);
      expect(r.body.error.code).toBe('sms_unavailable');
    } finally {
      await down.close();
    }
  });
});
