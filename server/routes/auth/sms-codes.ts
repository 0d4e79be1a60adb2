import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../../context';
import { ApiError, tooManyRequests, unauthorized } from '../../errors';
import { takeSms } from '../../security/sms-budget';
import { newNumericCode } from '../../security/tokens';

/** A code lives 5 minutes. */
export const CODE_TTL_MS = 5 * 60_000;
/** Tries per code, right one included: after 5 the code is dead. */
export const CODE_MAX_TRIES = 5;
/** One send per phone per 60 s ... */
export const RESEND_AFTER_S = 60;
/** ... and 10 per rolling 24 hours. */
export const SENDS_PER_DAY = 10;
const DAY_MS = 86_400_000;

export type CodePurpose = 'login' | 'registration' | 'email';

/** Login and registration codes share the send limits of a phone; e-mail codes have their own. */
const FAMILY: Record<CodePurpose, CodePurpose[]> = {
  login: ['login', 'registration'],
  registration: ['login', 'registration'],
  email: ['email'],
};

/** The message every failed code check answers (docs/rules.md#states, docs/rules.md#error-reactions). */
export const TRY_AGAIN = 'Спробуй ще раз';

// scrypt (N=4096) makes each guess against a leaked table costly; a 6-digit code is only 10^6.
function derive(code: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(code, salt, 32, { N: 4096, r: 8, p: 1 }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

async function hashCode(code: string): Promise<string> {
  const salt = randomBytes(16);
  return `s1$${salt.toString('base64')}$${(await derive(code, salt)).toString('hex')}`;
}

async function codeMatches(code: string, stored: string): Promise<boolean> {
  const [tag, salt, hex] = stored.split('$');
  if (tag !== 's1' || !salt || !hex) return false;
  const want = Buffer.from(hex, 'hex');
  const got = await derive(code, Buffer.from(salt, 'base64'));
  return want.length === got.length && timingSafeEqual(want, got);
}

/**
 * Makes a code for `phone`, checks the send limits and sends `text(code)` by SMS.
 * The row goes in first and the limits are counted after it: of two concurrent sends at most
 * one passes (the later counter always sees the other's row), never both. A refused row is removed.
 * Past the phone's own limits come those of the asking client (`client`, its address key from
 * security/client-address.ts; null when unknown) and the server's hourly SMS budget
 * (security/sms-budget.ts).
 */
export async function sendCode(
  deps: AppDeps,
  phone: string,
  purpose: CodePurpose,
  text: (code: string) => string,
  client: string | null = null,
): Promise<{ sent: true; resendIn: number }> {
  const { db } = deps;
  const now = deps.clock.now();
  const code = newNumericCode(6);
  const { id } = await db
    .insertInto('sms_codes')
    .values({
      phone,
      purpose,
      code_hash: await hashCode(code),
      attempts: 0,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
      used_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const others = await db
    .selectFrom('sms_codes')
    .select('created_at')
    .where('phone', '=', phone)
    .where('purpose', 'in', FAMILY[purpose])
    .where('id', '!=', id)
    .where('created_at', '>', new Date(now.getTime() - DAY_MS).toISOString())
    .orderBy('created_at', 'asc')
    .execute();
  const refuse = async (err: ApiError) => {
    await db.deleteFrom('sms_codes').where('id', '=', id).execute();
    throw err;
  };
  const latest = others.at(-1);
  if (latest) {
    const wait = Date.parse(latest.created_at) + RESEND_AFTER_S * 1000 - now.getTime();
    if (wait > 0) await refuse(tooManyRequests(wait / 1000, 'Новий код можна отримати за хвилину'));
  }
  if (others.length + 1 > SENDS_PER_DAY) {
    const oldest = others[others.length - SENDS_PER_DAY] ?? others[0];
    const wait = oldest ? Date.parse(oldest.created_at) + DAY_MS - now.getTime() : DAY_MS;
    await refuse(tooManyRequests(wait / 1000, 'Ліміт SMS на сьогодні вичерпано. Спробуй завтра'));
  }
  let giveBack: () => Promise<void>;
  try {
    giveBack = await takeSms(deps, client);
  } catch (err) {
    await db.deleteFrom('sms_codes').where('id', '=', id).execute();
    throw err;
  }
  try {
    await deps.sms.send(phone, text(code), code);
  } catch (err) {
    // Not sent: neither the budget nor the phone's resend wait is spent on it.
    await giveBack();
    await db.deleteFrom('sms_codes').where('id', '=', id).execute();
    throw err;
  }
  return { sent: true, resendIn: RESEND_AFTER_S };
}

/**
 * Checks a code against the newest one sent to `phone` for `purpose` (a newer code replaces
 * older ones). Each check uses up a try before comparing, so parallel guesses cannot exceed
 * five; a right code is marked used in the same conditional way, so it works once.
 * Any failure is a 401 'Спробуй ще раз'.
 */
export async function verifyCode(deps: AppDeps, phone: string, purpose: CodePurpose, code: string): Promise<void> {
  const { db } = deps;
  const now = deps.clock.now().toISOString();
  const row = await db
    .selectFrom('sms_codes')
    .selectAll()
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const dead = unauthorized(TRY_AGAIN, 'code_expired');
  if (!row || row.used_at !== null || row.expires_at <= now || row.attempts >= CODE_MAX_TRIES) throw dead;
  const tried = await db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('attempts', '<', CODE_MAX_TRIES)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(tried.numUpdatedRows) === 0) throw dead;
  if (!(await codeMatches(code, row.code_hash))) throw unauthorized(TRY_AGAIN, 'invalid_code');
  const used = await db
    .updateTable('sms_codes')
    .set({ used_at: now })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(used.numUpdatedRows) === 0) throw dead;
}
