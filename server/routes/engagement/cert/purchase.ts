import type { Hono } from 'hono';
import { certCreate, certGetCertList, type Certificate } from '../../../../src/contract/cert';
import type { AppEnv } from '../../../context';
import type { Db } from '../../../db/connect';
import { notFound, unprocessable } from '../../../errors';
import { mount } from '../../../http/route';
import { ensureCustomer, variantOf } from '../../../members';
import type { CertPartnerService } from '../../../sandboxes/cert-partner';
import { changeXp } from '../../../xp';
import { requireCertToken } from './access';
import { wordmarkLogo } from './logo';
import { isLivePinToken, pinStatusOf } from './pin-secrets';

/** The member's certificates (or one of them), newest first, as the app sees them. */
async function certificatesOf(
  db: Db,
  memberId: number,
  now: Date,
  reveal: boolean,
  onlyId?: number,
): Promise<Certificate[]> {
  let q = db
    .selectFrom('cert_certificates as c')
    .innerJoin('cert_partners as p', 'p.id', 'c.partner_id')
    .select(['c.id', 'c.partner_id', 'p.name', 'p.color', 'p.category_id', 'c.nominal', 'c.xp_price', 'c.status'])
    .select(['c.created_at', 'c.expires_at', 'c.used_at', 'c.code'])
    .where('c.member_id', '=', memberId);
  if (onlyId !== undefined) q = q.where('c.id', '=', onlyId);
  const rows = await q.orderBy('c.id', 'desc').execute();
  const nowIso = now.toISOString();
  return rows.map((r) => ({
    id: r.id,
    partnerId: r.partner_id,
    partnerName: r.name,
    categoryId: r.category_id,
    logo: wordmarkLogo(r.name, r.color),
    nominal: r.nominal,
    xpPrice: r.xp_price,
    status: r.status === 'active' && r.expires_at <= nowIso ? 'expired' : r.status,
    created_at: r.created_at,
    expires_at: r.expires_at,
    used_at: r.used_at,
    code: reveal ? r.code : null,
  }));
}

/** cert/create and cert/get-cert-list. */
export function registerCertPurchase(app: Hono<AppEnv>, partner: CertPartnerService): void {
  mount(app, certCreate, async ({ input, member, deps }) => {
    // docs/rules.md#validation: creation needs a valid certificate token.
    await requireCertToken(deps, member, input.token);
    const now = deps.clock.now();
    const db = deps.db;
    const account = await db
      .selectFrom('cert_accounts')
      .select('external_id')
      .where('member_id', '=', member.id)
      .executeTakeFirst();
    if (!account) throw unprocessable('cert_not_registered', 'Спочатку зареєструйся в сервісі сертифікатів');
    const seller = await db
      .selectFrom('cert_partners')
      .select(['id', 'name', 'code_prefix'])
      .where('id', '=', input.partnerId)
      .where('active', '=', 1)
      .executeTakeFirst();
    if (!seller) throw notFound('Такого партнера немає', 'partner_not_found');
    // The price is the server's own, whatever the app shows.
    const offer = await db
      .selectFrom('cert_nominals')
      .select('xp_price')
      .where('partner_id', '=', seller.id)
      .where('nominal', '=', input.nominal)
      .executeTakeFirst();
    if (!offer) throw unprocessable('nominal_not_offered', 'Такого номіналу в партнера немає');
    const customer = await ensureCustomer(db, member, variantOf(input.ogo), now);
    if (customer.xp_balance < offer.xp_price) throw unprocessable('insufficient_xp', 'Недостатньо XP на балансі');
    const issued = await partner.issue({
      prefix: seller.code_prefix,
      nominal: input.nominal,
      accountId: account.external_id,
      now,
    });
    // the code exists at the partner from here on; if the purchase fails below (another
    // spend took the XP meanwhile, the database failed), it is voided there, never left usable.
    const stored = db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('cert_certificates')
        .values({
          member_id: member.id,
          customer_id: customer.id,
          partner_id: seller.id,
          nominal: input.nominal,
          xp_price: offer.xp_price,
          code: issued.code,
          external_id: issued.externalId,
          status: 'active',
          created_at: now.toISOString(),
          expires_at: issued.expiresAt,
          used_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // The balance check above is only a fast path: this conditional spend decides, atomically.
      const left = await changeXp(trx, {
        customerId: customer.id,
        amount: -offer.xp_price,
        reason: 'certificate',
        title: `Сертифікат ${seller.name} на ${input.nominal} грн`,
        ref: `cert:${row.id}`,
        now,
      });
      return { id: row.id, balance: left };
    });
    const { id, balance } = await stored.catch(async (err: unknown) => {
      await partner
        .void(issued.externalId)
        .catch((e: unknown) =>
          console.error(`[cert] certificate ${issued.externalId} not voided after a failed purchase`, e),
        );
      throw err;
    });
    const [certificate] = await certificatesOf(db, member.id, now, false, id);
    if (!certificate) throw new Error('certificate not stored');
    return { certificate, balance };
  });

  mount(app, certGetCertList, async ({ input, member, deps }) => {
    await requireCertToken(deps, member, input.token);
    const now = deps.clock.now();
    const revealed = await isLivePinToken(deps.db, member.id, input.pinToken, now);
    const pin = await deps.db.selectFrom('cert_pins').selectAll().where('member_id', '=', member.id).executeTakeFirst();
    return {
      certificates: await certificatesOf(deps.db, member.id, now, revealed),
      revealed,
      pin: pinStatusOf(pin, now),
    };
  });
}
