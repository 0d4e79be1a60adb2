import type { Hono } from 'hono';
import { changeEmail, confirmEmail } from '../../../src/contract/user';
import { isValidEmail, normalizeEmail } from '../../../src/domain/auth/registration';
import type { AppEnv } from '../../context';
import { badRequest, conflict, notFound, unprocessable } from '../../errors';
import { mount } from '../../http/route';
import { ownedCustomer } from '../../members';
import { emailTaken } from './registration';
import { clientKey } from '../../security/client-address';
import { sendCode, verifyCode } from './sms-codes';
import { requireOwnToken } from './token-owner';

const emailText = (code: string) =>
  `Код підтвердження нової електронної пошти: ${code}. Дійсний 5 хвилин. Нікому його не повідомляй.`;

export function registerEmail(app: Hono<AppEnv>): void {
  // The code goes to the member's phone: whoever holds the session alone cannot move the account.
  mount(app, changeEmail, async ({ input, member, deps, c }) => {
    const record = await ownedCustomer(deps.db, member, input.customer_id);
    if (input.ogoAuthApiToken) await requireOwnToken(deps, member, input.ogoAuthApiToken, 'ogo');
    if (!isValidEmail(input.email)) throw badRequest('invalid_email', 'Вкажи коректну електронну пошту');
    const email = normalizeEmail(input.email);
    if (email === normalizeEmail(record.email)) throw unprocessable('email_same', 'Це вже твоя електронна пошта');
    if (await emailTaken(deps, email, member.id))
      throw conflict('email_taken', 'Ця електронна пошта вже використовується');
    const sent = await sendCode(deps, member.phone, 'email', emailText, clientKey(c));
    const row = { email, created_at: deps.clock.now().toISOString() };
    await deps.db
      .insertInto('email_changes')
      .values({ member_id: member.id, ...row })
      .onConflict((oc) => oc.column('member_id').doUpdateSet(row))
      .execute();
    return sent;
  });

  mount(app, confirmEmail, async ({ input, member, deps }) => {
    if (input.ogoAuthApiToken) await requireOwnToken(deps, member, input.ogoAuthApiToken, 'ogo');
    const pending = await deps.db
      .selectFrom('email_changes')
      .selectAll()
      .where('member_id', '=', member.id)
      .executeTakeFirst();
    if (!pending) throw notFound('Немає запиту на зміну пошти', 'email_change_not_found');
    await verifyCode(deps, member.phone, 'email', input.code);
    if (await emailTaken(deps, pending.email, member.id))
      throw conflict('email_taken', 'Ця електронна пошта вже використовується');
    await deps.db.transaction().execute(async (trx) => {
      await trx.updateTable('members').set({ email: pending.email }).where('id', '=', member.id).execute();
      await trx.updateTable('customers').set({ email: pending.email }).where('member_id', '=', member.id).execute();
      await trx.deleteFrom('email_changes').where('member_id', '=', member.id).execute();
    });
    return { email: pending.email };
  });
}
