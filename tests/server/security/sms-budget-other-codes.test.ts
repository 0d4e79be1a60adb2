import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';
import { certToken } from '../cert-feedback/support';

// Sms pumping: the certificate PIN code and the e-mail change code go to the
// member's own phone, but they are SMS all the same: the server's hourly budget counts them too,
// and a code refused by it is not half-stored (no resend wait left behind).

let s: TestServer;
beforeAll(async () => {
  s = await makeTestServer({ env: { SMS_PER_HOUR: '1' } });
});
afterAll(() => s.close());

describe('every SMS the server sends counts toward its hourly budget', () => {
  it('a certificate PIN code past the budget is 429 with Retry-After, and nothing is left waiting', async () => {
    const a = await createMember(s);
    const b = await createMember(s);
    expect((await s.post('/api/cert/pin/store', { code: '2580', token: await certToken(s, a) }, a.token)).status).toBe(
      200,
    );
    const tokenB = await certToken(s, b);
    const refused = await s.call('POST', '/api/cert/pin/store', {
      body: { code: '2580', token: tokenB },
      token: b.token,
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(
      await s.deps.db.selectFrom('cert_pins').select('member_id').where('member_id', '=', b.id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('an e-mail change code past the budget is refused the same way', async () => {
    const m = await createMember(s);
    const r = await s.post(
      '/api/user/change-email',
      { email: `new-${m.phone}@example.com`, customer_id: m.glo.id },
      m.token,
    );
    expect(r.status).toBe(429);
  });
});
