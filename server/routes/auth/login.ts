import type { Hono } from 'hono';
import { confirmSms, loginSms, testLogin } from '../../../src/contract/auth';
import { normalizePhone, toUkrainianMobile } from '../../../src/domain/auth/phone';
import type { AppEnv } from '../../context';
import { ApiError, badRequest, forbidden } from '../../errors';
import { OFF_MESSAGES, providersOf } from '../../providers/index';
import { mount } from '../../http/route';
import { clientKey } from '../../security/client-address';
import { takeLookup } from '../../security/lookup-budget';
import { memberByPhone, NOT_SIGNED_IN, signIn } from './sign-in';
import { sendCode, verifyCode } from './sms-codes';

/** A Ukrainian mobile in 380XXXXXXXXX form, or a 400. */
export function mobileOrThrow(input: string): string {
  const phone = toUkrainianMobile(input);
  if (!phone) throw badRequest('invalid_phone', 'Вкажи український мобільний номер: +380 і 9 цифр');
  return phone;
}

export const loginText = (code: string) =>
  `Код для входу в клуб: ${code}. Дійсний 5 хвилин. Нікому його не повідомляй.`;

export function registerLogin(app: Hono<AppEnv>): void {
  // An unregistered phone gets no SMS: the app goes on to /registration, which sends its own
  // code, and a wasted login code would hold that one back for a minute.
  mount(app, loginSms, async ({ input, deps, c }) => {
    const phone = mobileOrThrow(input.phone);
    await takeLookup(deps, clientKey(c));
    const member = await memberByPhone(deps, phone);
    if (!member) return { sent: false, resendIn: 0, registered: false };
    const sent = await sendCode(deps, phone, 'login', loginText, clientKey(c));
    return { ...sent, registered: true };
  });

  mount(app, confirmSms, async ({ input, deps }) => {
    const phone = mobileOrThrow(input.phone);
    const member = await memberByPhone(deps, phone);
    if (!member) return NOT_SIGNED_IN;
    await verifyCode(deps, phone, 'login', input.code);
    return signIn(deps, member);
  });

  // docs/rules.md#validation, docs/rules.md#roles: the phone is stripped to digits, then compared with the fixed allow-list.
  // Off in production unless SANDBOXES names test-login (a staging deployment).
  mount(app, testLogin, async ({ input, deps }) => {
    if (!providersOf(deps.config).testLogin) throw new ApiError(403, 'test_login_disabled', OFF_MESSAGES.testLogin);
    const phone = normalizePhone(input.phone);
    if (!deps.config.testPhones.includes(phone))
      throw forbidden('Вхід без SMS недоступний для цього номера', 'not_test_phone');
    const member = await memberByPhone(deps, phone);
    return member ? signIn(deps, member) : NOT_SIGNED_IN;
  });
}
