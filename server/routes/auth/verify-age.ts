import type { Hono } from 'hono';
import { verifyAge } from '../../../src/contract/user';
import { ADULT_AGE, ageOn } from '../../../src/domain/auth/age';
import type { AppEnv } from '../../context';
import { ApiError, badRequest, unprocessable } from '../../errors';
import { OFF_MESSAGES, providersOf } from '../../providers/index';
import { mount } from '../../http/route';
import { ensureCustomer } from '../../members';
import { addServerTag } from './records';

/** A passport (two letters, six digits) or an ID card (nine digits). */
const DOCUMENT_RE = /^(?:[A-ZА-ЯІЇЄҐ]{2}\d{6}|\d{9})$/u;

/**
 * The sandbox of the age check: the birth date decides. A real provider adapter would confirm
 * the date through Diia or the document before the same writes happen. A self-declared date has
 * no legal basis, so in production the call is off unless SANDBOXES names age-check:
 * the age stays unverified online, orders stay pre-orders (docs/rules.md#validation) and the age is checked at
 * hand-over.
 */
export function registerVerifyAge(app: Hono<AppEnv>): void {
  mount(app, verifyAge, async ({ input, member, deps }) => {
    if (providersOf(deps.config).ageCheck === 'off')
      throw new ApiError(403, 'age_check_unavailable', OFF_MESSAGES.ageCheck);
    if (input.method === 'document') {
      const doc = (input.document_number ?? '').replace(/[\s-]/g, '').toUpperCase();
      if (!DOCUMENT_RE.test(doc))
        throw badRequest('invalid_document_number', 'Вкажи серію й номер паспорта або номер ID-картки');
    }
    const now = deps.clock.now();
    const age = ageOn(input.birth_date, now);
    if (age === null || age < 0 || age > 120) throw badRequest('invalid_birth_date', 'Вкажи коректну дату народження');
    if (age < ADULT_AGE) throw unprocessable('underage', `Клуб доступний лише з ${ADULT_AGE} років`);
    const tags = await deps.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('members')
        .set({ birth_date: input.birth_date, adult_confirmed: 1 })
        .where('id', '=', member.id)
        .execute();
      const glo = await ensureCustomer(trx, member, 'glo', now);
      const next = await addServerTag(trx, glo.id, 'age_verified');
      const ogo = await ensureCustomer(trx, member, 'ogo', now);
      const at = now.toISOString();
      await trx
        .insertInto('metafields')
        .values({
          customer_id: ogo.id,
          namespace: 'verification',
          key: 'age_verified',
          value: 'true',
          type: 'boolean',
          updated_at: at,
        })
        .onConflict((oc) =>
          oc
            .columns(['customer_id', 'namespace', 'key'])
            .doUpdateSet({ value: 'true', type: 'boolean', updated_at: at }),
        )
        .execute();
      return next;
    });
    return { age_verified: true as const, tags };
  });
}
