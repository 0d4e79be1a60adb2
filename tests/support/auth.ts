import type * as z from 'zod/mini';
import type { signedIn } from '../../src/contract/auth';
import { toUkrainianMobile } from '../../src/domain/auth/phone';
import type { TestServer } from './server';

/** The newest code the SMS sandbox sent to `phone`, read as a person would at /dev/sms-outbox. */
export async function lastSmsCode(s: TestServer, phone: string): Promise<string> {
  const r = await s.get('/dev/sms-outbox', { phone });
  const code: unknown = r.body?.messages?.[0]?.code;
  if (r.status !== 200 || typeof code !== 'string')
    throw new Error(`no SMS for ${phone}: ${r.status} ${JSON.stringify(r.body)}`);
  return code;
}

/** How many messages the SMS sandbox holds for `phone`. */
export async function smsCount(s: TestServer, phone: string): Promise<number> {
  const r = await s.get('/dev/sms-outbox', { phone });
  return Array.isArray(r.body?.messages) ? r.body.messages.length : 0;
}

export interface SignedIn {
  token: string;
  /** The whole confirm-sms / reg-auth answer. */
  body: z.infer<typeof signedIn>;
}

/**
 * Signs a registered member in the way the app does: login-sms, the code from the SMS
 * sandbox, confirm-sms. Moves the test clock past the 60-second resend limit first when
 * `waitForResend` is set (a second sign-in of the same phone in one test).
 */
export async function signInWithSms(
  s: TestServer,
  phone: string,
  opts: { waitForResend?: boolean } = {},
): Promise<SignedIn> {
  if (opts.waitForResend) s.clock.advance(61_000);
  const sent = await s.post('/api/api-auth/login-sms', { phone });
  if (sent.status !== 200 || !sent.body.sent) throw new Error(`login-sms ${sent.status}: ${JSON.stringify(sent.body)}`);
  const code = await lastSmsCode(s, phone);
  const r = await s.post('/api/api-auth/confirm-sms', { phone, code });
  if (r.status !== 200 || !r.body.token) throw new Error(`confirm-sms ${r.status}: ${JSON.stringify(r.body)}`);
  return { token: r.body.token as string, body: r.body as z.infer<typeof signedIn> };
}

export interface RegistrationInput {
  first_name?: string;
  last_name?: string;
  email?: string;
  phone: string;
  birth_date?: string | null;
  adult_confirmed?: boolean;
  referrer?: string;
}

/** Registers a new member end to end (registration, SMS code, reg-auth) and answers the sign-in. */
export async function registerWithSms(s: TestServer, input: RegistrationInput): Promise<SignedIn> {
  const form = {
    first_name: 'Ганна',
    last_name: 'Петренко',
    email: `${input.phone}@example.com`,
    birth_date: '1995-06-01',
    ...input,
  };
  const sent = await s.post('/api/api-auth/registration', form);
  if (sent.status !== 200) throw new Error(`registration ${sent.status}: ${JSON.stringify(sent.body)}`);
  const code = await lastSmsCode(s, toUkrainianMobile(input.phone) ?? input.phone);
  const r = await s.post('/api/api-auth/reg-auth', { phone: input.phone, code });
  if (r.status !== 200 || !r.body.token) throw new Error(`reg-auth ${r.status}: ${JSON.stringify(r.body)}`);
  return { token: r.body.token as string, body: r.body as z.infer<typeof signedIn> };
}
