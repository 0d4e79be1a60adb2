import { authApi } from '../../api/groups/auth';
import { userApi } from '../../api/groups/user';
import { veloApi } from '../../api/groups/velo';
import { clearFresh, kvDelete, kvGet, kvSet } from '../../db/kv';
import type { Account } from '../../db/rows-sync';
import { isValidEmail, normalizeEmail } from '../../domain/auth/registration';
import { online, type AuthEnv } from './context';
import { AuthError } from './errors';
import { saveProfileField } from '../mutations/member/profile-metafield';
import { runPuller, type PullContext, type PullResult } from '../pullers/puller';
import { memberPuller } from '../pullers/session-member';
import { TOKEN_EXPIRY_MARGIN_MS } from '../engine/tokens';
import { accountOf, readSession, switchVariant, type Session } from './session';
import { NOT_SIGNED_IN } from './signed-in';
import { uuidV4 } from '../engine/uuid';

export const FIRST_SWITCH_OFFLINE =
  'Щоб уперше перейти в ogo, потрібне з’єднання з інтернетом — підключись і спробуй ще раз.';

export const pullContext = (env: AuthEnv): PullContext => ({
  db: env.db,
  transport: env.transport,
  now: env.now,
  online: () => env.online.isOnline(),
});

async function sessionOrThrow(env: AuthEnv): Promise<Session> {
  const s = await readSession(env.db);
  if (!s) throw new AuthError(NOT_SIGNED_IN, 'signed_out');
  return s;
}

/** Reloads the member's records and XP balances now (skipped offline); never throws. */
export function reloadMember(env: AuthEnv): Promise<PullResult> {
  return runPuller(memberPuller, pullContext(env), true);
}

/** The ogo token (get-ogo-token), kept until its server expiry ("other tokens", docs/rules.md#constants). */
export async function ogoAuthToken(env: AuthEnv): Promise<string> {
  const cached = await kvGet(env.db, 'ogoAuthToken');
  if (cached && Date.parse(cached.expiresAt) - TOKEN_EXPIRY_MARGIN_MS > env.now()) return cached.token;
  const fresh = await online(env, () => authApi(env.transport).getOgoToken({}));
  await kvSet(env.db, 'ogoAuthToken', { token: fresh.token, expiresAt: fresh.expired_at }, env.now());
  return fresh.token;
}

/**
 * The member's ogo record: created on the first switch with create-customer (docs/rules.md#entities payload,
 * names and e-mail of the glo record), its id kept in the session.
 */
async function ensureOgoRecord(env: AuthEnv, s: Session): Promise<number> {
  if (s.customerIds.ogo) return s.customerIds.ogo;
  if (!env.online.isOnline()) throw new AuthError(FIRST_SWITCH_OFFLINE, 'offline');
  let glo = (await kvGet(env.db, 'memberRecords'))?.glo;
  if (!glo && s.customerIds.glo)
    glo = (await online(env, () => userApi(env.transport).getUser({ id: s.customerIds.glo! }))).customer;
  if (!glo) throw new AuthError(NOT_SIGNED_IN, 'signed_out');
  const { id } = await online(env, () =>
    authApi(env.transport).createCustomer({
      first_name: glo.first_name,
      last_name: glo.last_name,
      email: glo.email,
      phone: s.phone ?? glo.phone,
      tags: ['pwa_user'],
      note: '',
      variant: 'ogo',
    }),
  );
  await kvSet(env.db, 'customerIds', { ...s.customerIds, ogo: id }, env.now());
  return id;
}

/**
 * docs/rules.md#states variant switch, the data side: the ogo record made when missing, the variant flag
 * toggled with the cached menu link and rules cleared, then the member reloaded (ogo calls carry
 * the ogo token and the {product} flag, docs/rules.md#roles). Offline it switches to what is stored; only a
 * first switch to ogo needs the network. Navigation and the theme are the screen's part.
 */
export async function switchToVariant(env: AuthEnv, next: 'glo' | 'ogo'): Promise<void> {
  const s = await sessionOrThrow(env);
  if (next === 'ogo') await ensureOgoRecord(env, s);
  await switchVariant(env.db, next, env.now());
  // Stale now: if the reload below is cut short (offline, the page closed), the next pull runs.
  await clearFresh(env.db, memberPuller.name);
  if (!env.online.isOnline()) return;
  if (next === 'ogo') await ogoAuthToken(env).catch(() => undefined);
  await reloadMember(env);
}

/** Every record the member has (glo, and ogo once made): profile fields are kept on each. */
export async function memberAccounts(env: Pick<AuthEnv, 'db'>): Promise<Account[]> {
  const out: Account[] = [];
  for (const v of ['glo', 'ogo'] as const) {
    const a = await accountOf(env.db, v);
    if (a) out.push(a);
  }
  return out;
}

export interface AgeCheck {
  method: 'diia' | 'document';
  /** YYYY-MM-DD. */
  birthDate: string;
  documentNumber?: string;
}

/** /verification: the age check (verify-age). On success the member is age-verified (docs/rules.md#validation) here too. */
export async function verifyAge(env: AuthEnv, check: AgeCheck): Promise<void> {
  await sessionOrThrow(env);
  const r = await online(env, () =>
    userApi(env.transport).verifyAge({
      method: check.method,
      birth_date: check.birthDate,
      document_number: check.documentNumber ?? null,
    }),
  );
  const now = env.now();
  await env.db.transaction('rw', env.db.kv, async () => {
    await kvSet(env.db, 'ageVerified', true, now);
    const records = (await kvGet(env.db, 'memberRecords')) ?? {};
    if (records.glo) await kvSet(env.db, 'memberRecords', { ...records, glo: { ...records.glo, tags: r.tags } }, now);
  });
  await saveProfileField(env.db, await memberAccounts(env), 'birth_date', check.birthDate, now);
  await reloadMember(env);
}

/** /profile: starts an e-mail change; the code goes by SMS to the member's phone. */
export async function startEmailChange(env: AuthEnv, email: string): Promise<{ resendIn: number }> {
  const s = await sessionOrThrow(env);
  if (!isValidEmail(email)) throw new AuthError('Вкажи коректну електронну пошту', 'invalid_email', null, 'email');
  const ogo = s.variant === 'ogo' && s.customerIds.ogo;
  const customerId = ogo ? s.customerIds.ogo! : s.customerIds.glo!;
  const token = ogo ? await ogoAuthToken(env) : null;
  const r = await online(env, () =>
    userApi(env.transport).changeEmail({
      email: normalizeEmail(email),
      customer_id: customerId,
      ogoAuthApiToken: token,
    }),
  );
  return { resendIn: r.resendIn };
}

/** /profile: the code confirms the new e-mail on every record of the member. */
export async function confirmEmailChange(env: AuthEnv, code: string): Promise<string> {
  const s = await sessionOrThrow(env);
  const c = code.replace(/\D/g, '');
  if (c.length !== 6) throw new AuthError('Введи 6 цифр коду з SMS', 'invalid_code', null, 'code');
  const token = s.variant === 'ogo' && s.customerIds.ogo ? await ogoAuthToken(env) : null;
  const { email } = await online(env, () => userApi(env.transport).confirmEmail({ code: c, ogoAuthApiToken: token }));
  await env.db.transaction('rw', env.db.kv, async () => {
    const records = (await kvGet(env.db, 'memberRecords')) ?? {};
    const next = Object.fromEntries(Object.entries(records).map(([v, r]) => [v, { ...r, email }]));
    await kvSet(env.db, 'memberRecords', next, env.now());
  });
  return email;
}

/** The velo store, signed in: a single-use login link (velo get-token, then velo/mlogin). */
export async function veloStoreLink(env: AuthEnv, returnTo = '/'): Promise<string> {
  await sessionOrThrow(env);
  const api = veloApi(env.transport);
  const { token } = await online(env, () => api.getVeloToken({}));
  const glo = (await kvGet(env.db, 'memberRecords'))?.glo;
  const { url } = await online(env, () =>
    api.veloMlogin({
      token,
      return_to: returnTo,
      ...(glo ? { email: glo.email, first_name: glo.first_name, last_name: glo.last_name } : {}),
    }),
  );
  return url;
}

/** How long logout waits for the server before going on without it. */
export const LOGOUT_CALL_TIMEOUT_MS = 4000;

/** docs/rules.md#states "optionally informs the server": revokes this device's token when online; never throws. */
export async function informServerOfLogout(env: Pick<AuthEnv, 'db' | 'transport' | 'online'>): Promise<void> {
  const token = (await kvGet(env.db, 'pwaToken')) ?? null;
  if (!token || !env.online.isOnline()) return;
  try {
    await authApi(env.transport).logout({ token }, { signal: AbortSignal.timeout(LOGOUT_CALL_TIMEOUT_MS) });
  } catch {
    // A dead token or no network: the local logout goes on regardless.
  }
}

/**
 * The brand's website, signed in (the menu's "full website" and /go-buy): a single-use login
 * link, mlogin-glo on glo, mlogin with the ogo token on ogo. Online only; made when tapped, as
 * it works once and for minutes.
 */
export async function brandSiteLink(env: AuthEnv, returnTo = '/'): Promise<string> {
  const s = await sessionOrThrow(env);
  const api = authApi(env.transport);
  if (s.variant !== 'ogo') return (await online(env, () => api.mloginGlo({ return_to: returnTo }))).url;
  const token = await ogoAuthToken(env);
  const record = (await kvGet(env.db, 'memberRecords'))?.ogo;
  const names = record ? { email: record.email, first_name: record.first_name, last_name: record.last_name } : {};
  return (await online(env, () => api.mlogin({ ogo: true, return_to: returnTo, ogoAuthApiToken: token, ...names })))
    .url;
}

/** The velo test drive (docs/rules.md#entities User (velo) `tdMultipass`): a fresh single-use link, or null when the member has no slide. */
export async function veloTestDriveLink(env: AuthEnv): Promise<string | null> {
  await sessionOrThrow(env);
  const u = await online(env, () => veloApi(env.transport).getVeloUser({}));
  return u.showTdSlide ? u.tdMultipass : null;
}

/**
 * "Sign out everywhere" (docs/api.md#auth api-auth/token-clear): every token of the member on every
 * device is revoked, then this device logs out as usual (`logout`: cookies, stores, /auth).
 * Online only: offline nothing changes and the member is told so.
 */
export async function logoutEverywhere(env: AuthEnv, logout: () => Promise<void>): Promise<number> {
  await sessionOrThrow(env);
  const { revoked } = await online(env, () => authApi(env.transport).tokenClear({}, { idempotencyKey: uuidV4() }));
  // The token is dead now: the logout need not tell the server again.
  await kvDelete(env.db, 'pwaToken');
  await logout();
  return revoked;
}
