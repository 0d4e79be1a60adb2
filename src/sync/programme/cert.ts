// The certificate screens' actions (docs/rules.md#entities, docs/rules.md#validation, docs/api.md#certificates, docs/rules.md#error-reactions, docs/rules.md#constants), loaded on first use through
// ./lazy.ts: they bring the API layer, which no route's first paint needs.
import { certApi } from '../../api/groups/cert';
import { clearFresh, freshUntil, kvGet, markFresh } from '../../db/kv';
import type { Variant } from '../../db/rows-catalogue';
import { CERT_REGISTRATION_FLAG_MS, pinProblem, smsCodeProblem, xpShortfall } from '../../domain/programme/cert-rules';
import { isValidEmail, normalizeEmail } from '../../domain/auth/registration';
import { queueCertPurchase, type CertCreatePayload } from '../mutations/programme/cert-create';
import { readDoc, writeDoc } from '../mutations/programme/docs';
import { MutationRefusedError, OFFLINE_ONLY_MESSAGE, sendOnline } from '../engine/online-only';
import type { ProgrammeEnv } from './env';
import { onlineStep, ProgrammeError, SIGNED_OUT, toProgrammeError } from './errors';
import { runPuller, type PullResult } from '../pullers/puller';
import { pullContext } from '../auth/member';
import { memberPuller } from '../pullers/session-member';
import {
  CERT_DOCS,
  certCategoriesPuller,
  certListPuller,
  certMessagePuller,
  certPartnersPuller,
  type CertCodes,
  type CertList,
} from '../pullers/programmes-cert';
import { accountOf, readSession } from '../auth/session';
import { withCertToken } from '../engine/tokens';
import { uuidV4 } from '../engine/uuid';
import type { AuthEnv } from '../auth/actions';
import { formatNumber } from '../../domain/format/uk-format';

export { programmeEnv } from './env';

/** Name of the certificate registration flag (docs/rules.md#constants: a freshness stamp: 3 days). */
export const CERT_REGISTRATION = 'certRegistration';

/** /certificates: the categories and the partner's message (force: ignore their freshness). */
export async function pullCertCatalogue(env: AuthEnv, variant: Variant, force = false): Promise<PullResult> {
  const ctx = pullContext(env);
  const cats = await runPuller(certCategoriesPuller(variant), ctx, force);
  await runPuller(certMessagePuller(variant), ctx, force);
  return cats;
}

/** One category's partners and its message. */
export async function pullCertPartners(
  env: AuthEnv,
  variant: Variant,
  categoryId: number,
  force = false,
): Promise<PullResult> {
  const ctx = pullContext(env);
  const r = await runPuller(certPartnersPuller(variant, categoryId), ctx, force);
  await runPuller(certMessagePuller(variant, categoryId), ctx, force);
  return r;
}

/** /certificates/my-list: the member's certificates (codes hidden until the PIN). */
export function pullCertList(env: AuthEnv, variant: Variant, force = true): Promise<PullResult> {
  return runPuller(certListPuller(variant), pullContext(env), force);
}

export interface CertRegistration {
  email: string;
  first_name: string;
  last_name: string;
}

/** The member's details for the certificate service, from the stored shop record; null when any is missing. */
export async function storedRegistration(env: AuthEnv, variant: Variant): Promise<CertRegistration | null> {
  const records = (await kvGet(env.db, 'memberRecords')) ?? {};
  const r = records[variant] ?? records.glo;
  if (!r?.email || !r.first_name || !r.last_name || !isValidEmail(r.email)) return null;
  return { email: r.email, first_name: r.first_name, last_name: r.last_name };
}

/** Whether the registration flag (docs/rules.md#constants: 3 days) still stands. */
export async function isCertRegistered(env: AuthEnv): Promise<boolean> {
  return (await freshUntil(env.db, CERT_REGISTRATION)) > env.now();
}

/**
 * Registers the member with the certificate service (docs/api.md#certificates cert/regist) unless the flag of
 * the last registration still stands (3 days, docs/rules.md#constants). `details` when the member typed them; else
 * the stored record's. Missing details: an error the screen answers with a form.
 */
export async function ensureCertRegistration(
  env: AuthEnv,
  variant: Variant,
  details?: CertRegistration,
  force = false,
): Promise<void> {
  if (!force && !details && (await isCertRegistered(env))) return;
  const d = details ?? (await storedRegistration(env, variant));
  if (!d)
    throw new ProgrammeError(
      'Щоб купувати сертифікати, вкажи ім’я, прізвище та електронну пошту',
      'cert_registration_needed',
    );
  const clean = { email: normalizeEmail(d.email), first_name: d.first_name.trim(), last_name: d.last_name.trim() };
  if (!clean.first_name) throw new ProgrammeError('Вкажи ім’я', 'invalid_first_name', 'first_name');
  if (!clean.last_name) throw new ProgrammeError('Вкажи прізвище', 'invalid_last_name', 'last_name');
  if (!isValidEmail(clean.email)) throw new ProgrammeError('Вкажи коректну електронну пошту', 'invalid_email', 'email');
  await onlineStep(env, () =>
    withCertToken(env.db, env.transport, env.now, (token) =>
      certApi(env.transport).regist({ ...clean, token }, { idempotencyKey: uuidV4() }),
    ),
  );
  const now = env.now();
  await markFresh(env.db, CERT_REGISTRATION, now + CERT_REGISTRATION_FLAG_MS, now);
}

export type PurchaseResult = { state: 'bought' } | { state: 'waiting'; reason: string };

/**
 * Buys a certificate with XP. Checked first against the stored balance (not enough XP: a clear
 * message and nothing sent), then registered if need be, then sent online under one key; the
 * answer stores the new balance, and the member's balances are pulled again after.
 */
export async function buyCertificate(
  env: ProgrammeEnv,
  variant: Variant,
  p: CertCreatePayload,
): Promise<PurchaseResult> {
  const account = await accountOf(env.db, variant);
  if (!account) throw new ProgrammeError(SIGNED_OUT, 'signed_out');
  const balance = (await env.db.xpBalance.get(variant))?.balance;
  const missing = xpShortfall(balance, p.xpPrice);
  if (missing > 0)
    throw new ProgrammeError(
      `Недостатньо XP: бракує ${formatNumber(missing)} XP. Нічого не списано`,
      'insufficient_xp',
    );
  if (!env.online.isOnline()) throw new ProgrammeError(OFFLINE_ONLY_MESSAGE, 'offline');
  await ensureCertRegistration(env, variant);
  const attempt = async () => {
    try {
      return await sendOnline(env.outbox, env.online, () => queueCertPurchase(env.db, account, p, env.now()));
    } catch (e) {
      // The screen says why; the refused entry need not wait in the failed list as well.
      if (e instanceof MutationRefusedError) await dropFailed(env);
      throw e;
    }
  };
  let result;
  try {
    result = await attempt();
  } catch (e) {
    if (!(e instanceof MutationRefusedError) || e.reason.code !== 'cert_not_registered') throw toProgrammeError(e);
    // The flag outlived the registration on the server: register again, once.
    await clearFresh(env.db, CERT_REGISTRATION);
    await ensureCertRegistration(env, variant, undefined, true);
    try {
      result = await attempt();
    } catch (again) {
      throw toProgrammeError(again);
    }
  }
  // The balance is refreshed after (the answer's balance is already stored).
  void runPuller(memberPuller, pullContext(env), true);
  return result.state === 'sent' ? { state: 'bought' } : { state: 'waiting', reason: result.reason };
}

async function dropFailed(env: ProgrammeEnv): Promise<void> {
  const failed = await env.db.outbox
    .where('kind')
    .equals('cert-create')
    .filter((x) => x.state === 'failed')
    .primaryKeys();
  for (const id of failed) await env.outbox.cancelFailed(id);
}

/** PIN step 1 (docs/api.md#certificates pin/store): a new 4-digit PIN; the server texts a 6-digit code. Answers the masked phone. */
export async function startPinSetup(env: AuthEnv, pin: string): Promise<{ phone: string; expiresAt: string }> {
  const problem = pinProblem(pin, true);
  if (problem) throw new ProgrammeError(problem, 'invalid_pin', 'pin');
  if (!(await readSession(env.db))) throw new ProgrammeError(SIGNED_OUT, 'signed_out');
  const r = await onlineStep(env, () =>
    withCertToken(env.db, env.transport, env.now, (token) =>
      certApi(env.transport).pinStore({ code: pin, token }, { idempotencyKey: uuidV4() }),
    ),
  );
  return { phone: r.phone, expiresAt: r.expires_at };
}

/** PIN step 2 (docs/api.md#certificates pin/enter-sms): the SMS code makes the PIN active. */
export async function confirmPin(env: AuthEnv, variant: Variant, code: string): Promise<void> {
  const c = code.replace(/\s/g, '');
  const problem = smsCodeProblem(c);
  if (problem) throw new ProgrammeError(problem, 'invalid_sms', 'sms');
  await onlineStep(env, () =>
    withCertToken(env.db, env.transport, env.now, (token) =>
      certApi(env.transport).pinEnterSms({ code: c, token }, { idempotencyKey: uuidV4() }),
    ),
  );
  const list = await readDoc<CertList>(env.db, variant, CERT_DOCS.list);
  if (list) await writeDoc(env.db, variant, CERT_DOCS.list, { ...list, pin: 'active' }, env.now());
}

/**
 * PIN step 3 (docs/api.md#certificates pin/token): the PIN answers a 5-minute token, and the list asked with it
 * shows the codes. They are kept only until that token ends ({@link CERT_DOCS.codes}).
 */
export async function revealCodes(env: AuthEnv, variant: Variant, pin: string): Promise<void> {
  const problem = pinProblem(pin);
  if (problem) throw new ProgrammeError(problem, 'invalid_pin', 'pin');
  const list = await onlineStep(env, () =>
    withCertToken(env.db, env.transport, env.now, async (token) => {
      const api = certApi(env.transport);
      const pinToken = await api.pinToken({ code: pin, token });
      const r = await api.getCertList({ token, pinToken: pinToken.token });
      return { r, until: Date.parse(pinToken.expired_at) };
    }),
  );
  const codes: Record<number, string> = {};
  for (const c of list.r.certificates) if (c.code) codes[c.id] = c.code;
  const now = env.now();
  await env.db.transaction('rw', env.db.docs, async () => {
    await writeDoc(
      env.db,
      variant,
      CERT_DOCS.list,
      { ...list.r, revealed: false, certificates: list.r.certificates.map((c) => ({ ...c, code: null })) },
      now,
    );
    await writeDoc<CertCodes>(
      env.db,
      variant,
      CERT_DOCS.codes,
      { until: Number.isFinite(list.until) ? list.until : now + 5 * 60_000, codes },
      now,
    );
  });
}

/** Hides revealed codes again (the member closed them, or their time ended). */
export async function hideCodes(env: AuthEnv, variant: Variant): Promise<void> {
  await env.db.docs.delete([variant, CERT_DOCS.codes]);
}
