import type { Hono } from 'hono';
import { checkEmail, regAuth, registration } from '../../../src/contract/auth';
import { asInviteCode, checkRegistration, isValidEmail, normalizeEmail } from '../../../src/domain/auth/registration';
import type { AppDeps, AppEnv } from '../../context';
import { badRequest, conflict, notFound, unprocessable } from '../../errors';
import { mount } from '../../http/route';
import { takeLookup } from '../../security/lookup-budget';
import { clientKey } from '../../security/client-address';
import { ensureCustomer } from '../../members';
import { mobileOrThrow } from './login';
import { memberByPhone, signIn } from './sign-in';
import { sendCode, verifyCode } from './sms-codes';

/** Whether another member already uses the (normalised) address. */
export async function emailTaken(deps: AppDeps, email: string, exceptMemberId?: number): Promise<boolean> {
  let q = deps.db.selectFrom('members').select('id').where('email', '=', normalizeEmail(email));
  if (exceptMemberId !== undefined) q = q.where('id', '!=', exceptMemberId);
  return (await q.limit(1).executeTakeFirst()) !== undefined;
}

const registrationText = (code: string) =>
  `Код підтвердження реєстрації в клубі: ${code}. Дійсний 5 хвилин. Нікому його не повідомляй.`;

const phoneRegistered = () => conflict('phone_registered', 'Цей номер уже зареєстровано. Увійди за кодом з SMS');
const emailInUse = () => conflict('email_taken', 'Ця електронна пошта вже використовується');

export function registerRegistration(app: Hono<AppEnv>): void {
  // "Not used by another member": a signed-in caller's own address counts as free.
  mount(app, checkEmail, async ({ input, member, deps, c }) => {
    if (!member) await takeLookup(deps, clientKey(c));
    const valid = isValidEmail(input.email);
    return { valid, free: valid && !(await emailTaken(deps, input.email, member?.id)) };
  });

  mount(app, registration, async ({ input, deps, c }) => {
    const checked = checkRegistration(input, deps.clock.now());
    if (!checked.ok) {
      const { field, kind, message } = checked.problem;
      throw kind === 'underage' ? unprocessable('underage', message) : badRequest(`invalid_${field}`, message);
    }
    const form = checked.value;
    await takeLookup(deps, clientKey(c));
    if (await memberByPhone(deps, form.phone)) throw phoneRegistered();
    if (await emailTaken(deps, form.email)) throw emailInUse();
    const sent = await sendCode(deps, form.phone, 'registration', registrationText, clientKey(c));
    const row = {
      first_name: form.first_name,
      last_name: form.last_name,
      email: form.email,
      birth_date: form.birth_date,
      adult_confirmed: 1,
      referrer: form.referrer,
      created_at: deps.clock.now().toISOString(),
    };
    await deps.db
      .insertInto('pending_registrations')
      .values({ phone: form.phone, ...row })
      .onConflict((oc) => oc.column('phone').doUpdateSet(row))
      .execute();
    return sent;
  });

  mount(app, regAuth, async ({ input, deps }) => {
    const phone = mobileOrThrow(input.phone);
    await verifyCode(deps, phone, 'registration', input.code);
    const pending = await deps.db
      .selectFrom('pending_registrations')
      .selectAll()
      .where('phone', '=', phone)
      .executeTakeFirst();
    if (!pending) throw notFound('Реєстрацію не знайдено. Почни спочатку', 'registration_not_found');
    if (await memberByPhone(deps, phone)) throw phoneRegistered();
    if (await emailTaken(deps, pending.email)) throw emailInUse();
    const code = asInviteCode(pending.referrer);
    const referrer = code
      ? await deps.db.selectFrom('members').select(['id', 'phone']).where('mgm_code', '=', code).executeTakeFirst()
      : undefined;
    const now = deps.clock.now();
    let member: { id: number; phone: string };
    try {
      member = await deps.db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('members')
          .values({
            phone,
            first_name: pending.first_name,
            last_name: pending.last_name,
            email: pending.email,
            birth_date: pending.birth_date,
            adult_confirmed: pending.adult_confirmed,
            // Never oneself: the referrer must be another person's phone.
            referred_by: referrer && referrer.phone !== phone ? referrer.id : null,
            created_at: now.toISOString(),
          })
          .returning(['id', 'phone'])
          .executeTakeFirstOrThrow();
        await ensureCustomer(trx, created, 'glo', now);
        await trx.deleteFrom('pending_registrations').where('phone', '=', phone).execute();
        return created;
      });
    } catch (err) {
      // Two confirmations at once: the phone is unique, the loser lands here.
      if (await memberByPhone(deps, phone)) throw phoneRegistered();
      throw err;
    }
    return signIn(deps, member);
  });
}
