import type { Config } from '../config';

/**
 * Which provider stands behind each outside service. In production every provider is
 * either real and configured, or off with a clear Ukrainian answer; a sandbox runs there only when
 * SANDBOXES names it (a staging deployment), and the server says so in its log at start. Outside
 * production a service without real keys runs its sandbox, as before.
 */
export const SANDBOX_NAMES = ['liqpay', 'sms', 'test-login', 'age-check'] as const;
export type SandboxName = (typeof SANDBOX_NAMES)[number];

export interface Providers {
  /** Card payment: LiqPay with keys, the local checkout page, or off. */
  card: 'liqpay' | 'sandbox' | 'off';
  /** SMS codes: TurboSMS with a token and a sender name, the local outbox, or off. */
  sms: 'turbosms' | 'sandbox' | 'off';
  /** Sign-in without SMS for the two allow-listed test phones (docs/rules.md#roles). */
  testLogin: boolean;
  /** Self-declared age (verify-age): no online check has a legal basis yet, so only a sandbox. */
  ageCheck: 'sandbox' | 'off';
}

type ProviderConfig = Pick<
  Config,
  'isProduction' | 'sandboxes' | 'LIQPAY_PUBLIC_KEY' | 'LIQPAY_PRIVATE_KEY' | 'TURBOSMS_TOKEN' | 'TURBOSMS_SENDER'
>;

const cache = new WeakMap<object, Providers>();

export function providersOf(config: ProviderConfig): Providers {
  let p = cache.get(config);
  if (p) return p;
  const sandbox = (name: SandboxName) => !config.isProduction || config.sandboxes.has(name);
  const liqpay = Boolean(config.LIQPAY_PUBLIC_KEY && config.LIQPAY_PRIVATE_KEY);
  const turbo = Boolean(config.TURBOSMS_TOKEN && config.TURBOSMS_SENDER);
  p = {
    card: liqpay ? 'liqpay' : sandbox('liqpay') ? 'sandbox' : 'off',
    sms: turbo ? 'turbosms' : sandbox('sms') ? 'sandbox' : 'off',
    testLogin: sandbox('test-login'),
    ageCheck: sandbox('age-check') ? 'sandbox' : 'off',
  };
  cache.set(config, p);
  return p;
}

/** Names in SANDBOXES the server does not know (a typo would silently leave a provider off). */
export function unknownSandboxes(config: Pick<Config, 'sandboxes'>): string[] {
  return [...config.sandboxes].filter((n) => !(SANDBOX_NAMES as readonly string[]).includes(n));
}

/** A line of the start-up report: its level and what it says. */
export interface ReportLine {
  level: 'info' | 'warn' | 'error';
  msg: string;
  fields?: Record<string, unknown>;
}

/**
 * What stops members from using a production server although it runs, for the start-up log (at
 * `error`) and the readiness body (which stays ready: the rest of the app works).
 */
export function blockingOff(config: ProviderConfig): string[] {
  if (!config.isProduction || providersOf(config).sms !== 'off') return [];
  return ['sms: no SMS gateway (TURBOSMS_TOKEN, TURBOSMS_SENDER), so nobody can sign in or register'];
}

/** What the server logs at start: what is real, what is a sandbox, what is off, and what of that stops members. */
export function providerReport(config: ProviderConfig): ReportLine[] {
  const p = providersOf(config);
  const lines: ReportLine[] = [
    {
      level: 'info',
      msg: 'providers',
      fields: { card: p.card, sms: p.sms, testLogin: p.testLogin ? 'on' : 'off', ageCheck: p.ageCheck },
    },
  ];
  if (config.isProduction) {
    const named = [...config.sandboxes].filter((n) => (SANDBOX_NAMES as readonly string[]).includes(n));
    if (named.length)
      lines.push({
        level: 'warn',
        msg: `sandboxes running in production (SANDBOXES): ${named.join(', ')}: for staging only`,
        fields: { sandboxes: named },
      });
    for (const n of unknownSandboxes(config))
      lines.push({
        level: 'warn',
        msg: `SANDBOXES names an unknown sandbox «${n}» (known: ${SANDBOX_NAMES.join(', ')})`,
      });
  }
  for (const off of blockingOff(config)) lines.push({ level: 'error', msg: `members cannot use the club: ${off}` });
  return lines;
}

/** The Ukrainian answers of a service that is off. */
export const OFF_MESSAGES = {
  card: 'Оплата карткою зараз недоступна. Обери оплату при отриманні',
  sms: 'Вхід і реєстрація зараз недоступні: клуб не надсилає SMS-коди',
  testLogin: 'Вхід без SMS на цьому сервері вимкнено. Увійди з кодом із SMS',
  ageCheck: 'Онлайн-перевірка віку поки недоступна. Вік перевірять під час отримання замовлення',
} as const;
