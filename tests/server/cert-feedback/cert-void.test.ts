import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppEnv } from '../../../server/context';
import { onError } from '../../../server/errors';
import { registerCertPurchase } from '../../../server/routes/engagement/cert/purchase';
import {
  sandboxCertificates,
  sandboxCertPartner,
  type CertPartnerService,
} from '../../../server/sandboxes/cert-partner';
import { createMember, type TestMember } from '../../support/members';
import type { TestServer } from '../../support/server';
import { certServer, certToken, register } from './support';

/**
 * a certificate was issued at the partner before the XP was taken, and was left valid
 * there when the purchase then failed. Now a failed purchase voids it at the partner.
 */
let s: TestServer;
let partnerId: number;
let price500: number;
beforeAll(async () => ({ s, partnerId, price500 } = await certServer()));
afterAll(() => s.close());

/**
 * What the sandbox partner holds of `account` beyond `before`: the sandbox is one per process and its
 * account ids follow the member's id, so another file's member of the same id may already hold codes.
 */
function partnerCodes(account: string, before: ReadonlySet<string>) {
  return sandboxCertificates(account).filter((c) => !before.has(c.externalId));
}
const heldBy = (account: string) => new Set(sandboxCertificates(account).map((c) => c.externalId));

async function buyer(xp: number): Promise<{ m: TestMember; token: string; account: string }> {
  const m = await createMember(s, { xp });
  const token = await certToken(s, m);
  expect((await register(s, m, token)).status).toBe(200);
  const account = (
    await s.deps.db
      .selectFrom('cert_accounts')
      .select('external_id')
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow()
  ).external_id;
  return { m, token, account };
}

describe('a failed certificate purchase is voided at the partner', () => {
  it('when another spend takes the XP while the partner issues the code: 422, no XP gone, the code voided', async () => {
    const { m, token, account } = await buyer(price500);
    const before = heldBy(account);
    const sandbox = sandboxCertPartner();
    // The partner answers while a concurrent spend (another tab) empties the balance.
    const racing: CertPartnerService = {
      ...sandbox,
      async issue(input) {
        await s.deps.db.updateTable('customers').set({ xp_balance: 0 }).where('id', '=', m.glo.id).execute();
        return sandbox.issue(input);
      },
    };
    const app = new Hono<AppEnv>();
    app.onError(onError);
    // As server/app.ts does first: the request's deps.
    app.use(async (c, next) => {
      c.set('deps', s.deps);
      await next();
    });
    registerCertPurchase(app, racing);
    const res = await app.request('/api/cert/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${m.token}` },
      body: JSON.stringify({ token, partnerId, nominal: 500 }),
    });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/XP/);
    expect(
      await s.deps.db.selectFrom('cert_certificates').select('id').where('member_id', '=', m.id).execute(),
    ).toHaveLength(0);
    expect(partnerCodes(account, before)).toEqual([{ externalId: expect.stringMatching(/^crt_/), status: 'voided' }]);
  });

  it('four purchases at once with XP for one: one certificate stands at the partner, every other issued code is voided', async () => {
    const { m, token, account } = await buyer(price500);
    const before = heldBy(account);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => s.post('/api/cert/create', { token, partnerId, nominal: 500 }, m.token)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const stored = await s.deps.db
      .selectFrom('cert_certificates')
      .select('external_id')
      .where('member_id', '=', m.id)
      .execute();
    expect(stored).toHaveLength(1);
    const atPartner = partnerCodes(account, before);
    expect(atPartner.filter((c) => c.status === 'issued')).toEqual([
      { externalId: stored[0]!.external_id, status: 'issued' },
    ]);
    expect(atPartner.every((c) => c.status === 'voided' || c.externalId === stored[0]!.external_id)).toBe(true);
  });
});
