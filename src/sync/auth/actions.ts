import { authApi } from '../../api/groups/auth';
import type { signInAnswer } from '../../contract/auth';
import type * as z from 'zod/mini';
import { kvGet, kvSet, markFresh } from '../../db/kv';
import { resetAllStores } from '../../db/reset';
import { requestPersistence } from '../../db/storage';
import type { Account } from '../../db/rows-sync';
import { normalizePhone, toUkrainianMobile } from '../../domain/auth/phone';
import { checkRegistration, type CleanRegistration, type RegistrationForm } from '../../domain/auth/registration';
import { USER_TOKEN_COOKIE } from './cookies';
import { AuthError, CODE_PROBLEM, PHONE_PROBLEM, TRY_AGAIN } from './errors';
import { trackAuthEvent } from '../mutations/analytics/auth-bat';
import { addMailingContact } from '../mutations/analytics/esputnik-contact';
import { trackBotVisit } from '../mutations/content/bot-stat';
import { BOT_VISIT_KEY } from '../../domain/club/bot-visit';
import { sendMailingId } from '../mutations/analytics/esputnik-id';
import { trackMailingLogin } from '../mutations/analytics/esputnik-login';
import { saveProfileField } from '../mutations/member/profile-metafield';
import { FRESH_FOR } from '../pullers/freshness';
import { memberRecordOf } from '../pullers/session-member';
import { TOKEN_CHECK } from '../pullers/session-token-check';
import { readSession, saveSession, type Session } from './session';
import { uuidV4 } from '../engine/uuid';
import { online, type AuthEnv } from './context';

export { online, type AuthEnv } from './context';
export { AuthError, CODE_PROBLEM, LOGOUT_NOTICE_KEY, PHONE_PROBLEM, toAuthError, TRY_AGAIN } from './errors';

/** A phone as the server wants it (docs/rules.md#validation: digits only, 380XXXXXXXXX), or an error for the field. */
export function phoneOrProblem(input: string): string {
  const phone = toUkrainianMobile(input);
  if (!phone) throw new AuthError(PHONE_PROBLEM, 'invalid_phone', null, 'phone');
  return phone;
}

/** docs/rules.md#roles allow-list, compared on digits (docs/rules.md#validation "also in test login"). */
export function isTestPhone(env: Pick<AuthEnv, 'testPhones'>, input: string): boolean {
  const digits = normalizePhone(input);
  return env.testPhones.includes(digits) || env.testPhones.includes(toUkrainianMobile(input) ?? '');
}

type SignInAnswer = z.output<typeof signInAnswer>;

/**
 * Stores a successful sign-in: the `usertoken` cookie the guards read and the session in the
 * local database (one transaction, with the member's glo record and a fresh token-check stamp);
 * if the database write fails the cookie goes again, so both always say the same. Another person's data on this device is cleared
 * first; the same person keeps theirs (unsent changes survive an expired cookie). docs/rules.md#states: a
 * customer with `shopify_id` means success, anything else is 'Спробуй ще раз'.
 */
export async function completeSignIn(
  env: AuthEnv,
  answer: SignInAnswer,
  phone: string,
  event: 'login' | 'registration' = 'login',
): Promise<Session> {
  if (!answer.ok || !answer.customer.shopify_id)
    throw new AuthError(answer.ok ? TRY_AGAIN : answer.message || TRY_AGAIN, 'not_signed_in');
  const { db } = env;
  const now = env.now();
  const previous = await readSession(db);
  const same = previous !== null && previous.phone === phone;
  if (previous && !same) await resetAllStores(db);
  const customerIds = {
    glo: answer.customer.shopify_id,
    ...(answer.ogo_customer_id ? { ogo: answer.ogo_customer_id } : {}),
  };
  const wanted = same ? previous.variant : (env.defaultVariant ?? 'glo');
  const session: Session = {
    token: answer.token,
    customerIds,
    phone,
    variant: wanted === 'ogo' && customerIds.ogo ? 'ogo' : 'glo',
    ageVerified: answer.age_verified,
  };
  // The cookie first: screens watching the session re-read it when the transaction commits.
  const parsed = (Date.parse(answer.expired_at) - now) / 1000;
  const left = Number.isFinite(parsed) && parsed > 0 ? parsed : 90 * 86_400;
  env.cookies.set(USER_TOKEN_COOKIE, answer.token, left);
  // What the cookies carry, kept with the session: a browser killed before it wrote its cookie
  // jar to disk loses them, and the app restores them on start (src/app/boot/restore-cookies.ts).
  const cookieSession = { expiresAt: now + left * 1000, is18: env.cookies.get('showIs18') === '1' };
  try {
    await db.transaction('rw', db.kv, async () => {
      await saveSession(db, session, now);
      await kvSet(db, 'cookieSession', cookieSession, now);
      const records = same ? ((await kvGet(db, 'memberRecords')) ?? {}) : {};
      await kvSet(db, 'memberRecords', { ...records, glo: memberRecordOf(answer.customer) }, now);
      await markFresh(db, TOKEN_CHECK, now + FRESH_FOR.tokenCheck, now);
    });
  } catch (e) {
    env.cookies.clear(USER_TOKEN_COOKIE);
    throw e;
  }
  // A member's changes will wait on this device: asked now that someone is signed in (browsers
  // grant it more readily to a site in use), so storage pressure does not evict them.
  void requestPersistence();
  // The other open tabs follow: they reload as this member (src/app/pwa/follow-session.ts).
  env.signedIn?.();
  const glo: Account = { variant: 'glo', customerId: answer.customer.shopify_id };
  // On the second variant's own host the app is ogo (its switch is hidden there): a member without
  // an ogo record yet gets one now. Loaded on demand, as it needs the member calls.
  if (wanted === 'ogo' && session.variant !== 'ogo') {
    const { switchToVariant } = await import('./member');
    await switchToVariant(env, 'ogo').catch((e: unknown) => console.warn('[auth] ogo record not made', e));
  }
  // docs/api.md#analytics sign-in analytics, queued: offline sign-ins are counted later; they never block one.
  try {
    await trackAuthEvent(db, glo, event, now);
    await trackMailingLogin(db, glo, phone, now);
    await sendMailingId(db, glo, { phone, email: answer.customer.email }, now);
    if (takeBotVisit(env.visits)) await trackBotVisit(db, glo, phone, now);
  } catch (e) {
    console.warn('[auth] sign-in analytics not queued', e);
  }
  return session;
}

/** Whether this visit came from the chat bot, forgetting it (counted once per sign-in). */
function takeBotVisit(storage: Pick<Storage, 'getItem' | 'removeItem'> | undefined): boolean {
  try {
    const s = storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
    if (!s || s.getItem(BOT_VISIT_KEY) !== '1') return false;
    s.removeItem(BOT_VISIT_KEY);
    return true;
  } catch {
    return false;
  }
}

export type PhoneStep =
  | { kind: 'signed-in'; session: Session }
  | { kind: 'code-sent'; phone: string; resendIn: number }
  /** The server sent nothing: this phone had an SMS less than a minute ago (429); `resendIn` from its Retry-After. */
  | { kind: 'code-wait'; phone: string; resendIn: number }
  | { kind: 'unregistered'; phone: string };

/**
 * The first step of /auth. The allow-listed test phones (docs/rules.md#roles) sign in at once through
 * test-login; any other phone gets a login code by SMS, or is told it is not registered, or
 * (429 with Retry-After, e.g. right after registering) how long until a code can be sent.
 */
export async function submitPhone(env: AuthEnv, input: string): Promise<PhoneStep> {
  const api = authApi(env.transport);
  if (isTestPhone(env, input)) {
    const phone = env.testPhones.includes(normalizePhone(input)) ? normalizePhone(input) : phoneOrProblem(input);
    try {
      const answer = await online(env, () => api.testLogin({ phone }));
      return { kind: 'signed-in', session: await completeSignIn(env, answer, phone) };
    } catch (e) {
      // a production server has sign-in without SMS off; the phone signs in by code.
      if (!(e instanceof AuthError && e.code === 'test_login_disabled')) throw e;
    }
  }
  const phone = phoneOrProblem(input);
  try {
    const r = await online(env, () => api.loginSms({ phone }, { idempotencyKey: uuidV4() }));
    return r.registered ? { kind: 'code-sent', phone, resendIn: r.resendIn } : { kind: 'unregistered', phone };
  } catch (e) {
    const wait = codeWait(e);
    if (wait === null) throw e;
    return { kind: 'code-wait', phone, resendIn: wait };
  }
}

/** Seconds until a code may be sent, when `e` is the server's one-SMS-a-minute refusal (429 + Retry-After); else null. */
export function codeWait(e: unknown): number | null {
  return e instanceof AuthError &&
    e.code === 'rate_limited' &&
    e.retryAfterS !== null &&
    e.retryAfterS <= RESEND_WAIT_MAX_S
    ? e.retryAfterS
    : null;
}

/** Longer waits are the daily SMS limit, told as the error it is rather than counted down. */
const RESEND_WAIT_MAX_S = 120;

/** Sends the login code again (the server allows one a minute). */
export async function resendLoginCode(env: AuthEnv, phone: string): Promise<{ resendIn: number }> {
  const r = await online(env, () => authApi(env.transport).loginSms({ phone }, { idempotencyKey: uuidV4() }));
  return { resendIn: r.resendIn };
}

function codeOrProblem(code: string): string {
  const c = code.replace(/\D/g, '');
  if (c.length !== 6) throw new AuthError(CODE_PROBLEM, 'invalid_code', null, 'code');
  return c;
}

/** The second step of /auth: the code from the SMS. A wrong one is the server's reason ('Спробуй ще раз'). */
export async function confirmLoginCode(env: AuthEnv, phone: string, code: string): Promise<Session> {
  const c = codeOrProblem(code);
  const answer = await online(env, () => authApi(env.transport).confirmSms({ phone, code: c }));
  return completeSignIn(env, answer, phone);
}

/** Whether an e-mail is well-formed and free (check-email); null when it cannot be asked now. */
export async function checkEmail(env: AuthEnv, email: string): Promise<{ valid: boolean; free: boolean } | null> {
  if (!env.online.isOnline()) return null;
  try {
    return await authApi(env.transport).checkEmail({ email: email.trim() });
  } catch {
    return null;
  }
}

/** The form as registration sends it, or null when it does not pass the checks (docs/rules.md#validation age rule). */
export function cleanRegistration(form: RegistrationForm, env: Pick<AuthEnv, 'now'>): CleanRegistration | null {
  const checked = checkRegistration(form, new Date(env.now()));
  return checked.ok ? checked.value : null;
}

/** /registration, step one: the form checked (docs/rules.md#validation age rule) and sent; the server texts a code. */
export async function requestRegistrationCode(
  env: AuthEnv,
  form: RegistrationForm,
): Promise<{ clean: CleanRegistration; resendIn: number }> {
  const checked = checkRegistration(form, new Date(env.now()));
  if (!checked.ok) throw new AuthError(checked.problem.message, checked.problem.kind, null, checked.problem.field);
  const clean = checked.value;
  const r = await online(env, () => authApi(env.transport).registration(clean, { idempotencyKey: uuidV4() }));
  return { clean, resendIn: r.resendIn };
}

/**
 * /registration, step two: the code confirms the registration and signs in. The new member is
 * added to the mailing service and their birth date kept on the profile, both through the outbox.
 */
export async function confirmRegistration(env: AuthEnv, clean: CleanRegistration, code: string): Promise<Session> {
  const c = codeOrProblem(code);
  const answer = await online(env, () => authApi(env.transport).regAuth({ phone: clean.phone, code: c }));
  const session = await completeSignIn(env, answer, clean.phone, 'registration');
  const glo: Account = { variant: 'glo', customerId: session.customerIds.glo! };
  try {
    await addMailingContact(
      env.db,
      glo,
      { firstName: clean.first_name, lastName: clean.last_name, email: clean.email, phone: clean.phone },
      env.now(),
    );
    if (clean.birth_date) await saveProfileField(env.db, [glo], 'birth_date', clean.birth_date, env.now());
  } catch (e) {
    console.warn('[auth] registration extras not queued', e);
  }
  return session;
}
