/**
 * Partner certificate rules (docs/rules.md#entities "Certificates", docs/rules.md#validation, docs/rules.md#error-reactions, docs/rules.md#constants): the default categories, the
 * hourly date the certificate token is asked with, how long a token and the registration flag
 * count, and the checks the app makes before it sends anything (PIN shape, enough XP).
 */

export interface CertCategoryLike {
  CATEGORY_ID: number;
  CATEGORY_NAME: string;
}

/** docs/rules.md#entities default categories (1 Electronics, 2 Food products, 4 Mobile operators, 5 Fuel, 6 Entertainment, 7 Beauty and health), in Ukrainian. */
export const DEFAULT_CERT_CATEGORIES: readonly CertCategoryLike[] = [
  { CATEGORY_ID: 1, CATEGORY_NAME: 'Електроніка' },
  { CATEGORY_ID: 2, CATEGORY_NAME: 'Продукти харчування' },
  { CATEGORY_ID: 4, CATEGORY_NAME: 'Мобільні оператори' },
  { CATEGORY_ID: 5, CATEGORY_NAME: 'Пальне' },
  { CATEGORY_ID: 6, CATEGORY_NAME: 'Розваги' },
  { CATEGORY_ID: 7, CATEGORY_NAME: 'Краса та здоров’я' },
];

/**
 * The categories to show: the server's when it sent any usable ones, else the defaults (docs/rules.md#entities).
 * A category without a name takes its default Ukrainian name, or is dropped when it has none;
 * repeated ids are shown once.
 */
export function certCategoriesOrDefault(
  server: ReadonlyArray<Partial<CertCategoryLike>> | null | undefined,
): CertCategoryLike[] {
  const out: CertCategoryLike[] = [];
  const seen = new Set<number>();
  for (const c of server ?? []) {
    const id = c.CATEGORY_ID;
    if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0 || seen.has(id)) continue;
    const name =
      typeof c.CATEGORY_NAME === 'string' && c.CATEGORY_NAME.trim()
        ? c.CATEGORY_NAME.trim()
        : DEFAULT_CERT_CATEGORIES.find((d) => d.CATEGORY_ID === id)?.CATEGORY_NAME;
    if (!name) continue;
    seen.add(id);
    out.push({ CATEGORY_ID: id, CATEGORY_NAME: name });
  }
  return out.length ? out : DEFAULT_CERT_CATEGORIES.map((c) => ({ ...c }));
}

/** The current hour as cert/get-auth wants it (docs/rules.md#constants "requested with an hourly date"): `YYYY-MM-DDTHH:00Z`, UTC. */
export function hourlyDate(now: number): string {
  return `${new Date(now).toISOString().slice(0, 13)}:00Z`;
}

/** A token is renewed this long before its server expiry, so it never dies on the way. */
export const CERT_TOKEN_MARGIN_MS = 60_000;

/** docs/rules.md#constants "other tokens until server expiry": whether a stored token may still be sent at `now`. */
export function isTokenLive(
  token: { expiresAt: string } | null | undefined,
  now: number,
  marginMs = CERT_TOKEN_MARGIN_MS,
): boolean {
  if (!token) return false;
  const at = Date.parse(token.expiresAt);
  return Number.isFinite(at) && at - marginMs > now;
}

/** docs/rules.md#constants: the certificate registration flag is kept 3 days. */
export const CERT_REGISTRATION_FLAG_MS = 3 * 86_400_000;

/** Whether a registration made at `registeredAt` (epoch ms) still counts at `now`. */
export function isRegistrationFresh(registeredAt: number | null | undefined, now: number): boolean {
  return typeof registeredAt === 'number' && registeredAt <= now && now - registeredAt < CERT_REGISTRATION_FLAG_MS;
}

/** The PIN that opens certificate codes: 4 digits. */
export const PIN_LENGTH = 4;
/** The SMS code that confirms a new PIN: 6 digits. */
export const PIN_SMS_LENGTH = 6;

/** The first PINs anyone tries: one digit repeated, or a run up or down (1111, 1234, 9876). */
export function isTooSimplePin(pin: string): boolean {
  const d = [...pin].map(Number);
  const steps = d.slice(1).map((x, i) => x - (d[i] ?? 0));
  return steps.every((s) => s === 0) || steps.every((s) => s === 1) || steps.every((s) => s === -1);
}

export const PIN_PROBLEMS = {
  length: 'PIN — це 4 цифри',
  simple: 'PIN занадто простий. Обери інші цифри',
  sms: 'Код з SMS — це 6 цифр',
} as const;

/** Why a PIN cannot be used, or null. `forNew`: a PIN being set must also not be too simple. */
export function pinProblem(pin: string, forNew = false): string | null {
  if (!new RegExp(`^\\d{${PIN_LENGTH}}$`).test(pin)) return PIN_PROBLEMS.length;
  if (forNew && isTooSimplePin(pin)) return PIN_PROBLEMS.simple;
  return null;
}

/** Why an SMS code cannot be sent, or null. */
export function smsCodeProblem(code: string): string | null {
  return new RegExp(`^\\d{${PIN_SMS_LENGTH}}$`).test(code) ? null : PIN_PROBLEMS.sms;
}

/**
 * XP still missing to pay `price` from `balance`, or 0 when it is enough. An unknown balance
 * (never pulled) is not judged here: the server decides (spec: the client's numbers are display only).
 */
export function xpShortfall(balance: number | null | undefined, price: number): number {
  if (typeof balance !== 'number' || !Number.isFinite(balance)) return 0;
  return Math.max(0, Math.ceil(price - balance));
}
