const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long pulled data counts as fresh (docs/rules.md#constants "Cookie lifetimes"), in ms. Tokens not listed
 * here stay fresh until their server expiry (`expired_at`).
 */
export const FRESH_FOR = {
  /** Token check. */
  tokenCheck: 20 * MINUTE,
  /** App version check (also docs/rules.md#states: at most once per 5 minutes). */
  versionCheck: 300 * SECOND,
  menuLink: 1800 * SECOND,
  /** Feedback "can write" flag, per brand. */
  feedbackFlag: 30 * MINUTE,
  offlineOrders: 30 * MINUTE,
  backgroundImport: 24 * HOUR,
  certificateRegistration: 3 * DAY,
  veloId: HOUR,
  oralStatus: HOUR,
} as const;

/** Fresh until the server's expiry of a token, less a margin so it never dies in flight. */
export function untilExpiry(expiredAtIso: string, now: number, marginMs = MINUTE): number {
  const at = Date.parse(expiredAtIso);
  return Number.isNaN(at) ? now : Math.max(now, at - marginMs);
}
