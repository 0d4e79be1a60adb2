import type { ClubDb } from '../../db/database';
import { resetAllStores } from '../../db/reset';
import type { OutboxEntry } from '../../db/rows-sync';
import type { Outbox } from '../engine/outbox';
import { pluralUk } from '../../domain/format/plural';
import type { MutationRegistry } from '../engine/registry';

/** docs/rules.md#states: the cookies logout clears. */
export const LOGOUT_COOKIES = [
  'usertoken',
  'showIs18',
  'cacheShopUserInfo',
  'checkToken',
  'ogoAuthToken',
  'pwaToken',
  'verDelay',
  'oralStatus',
] as const;

/** The one localStorage key that survives logout (docs/rules.md#states): the app version of the last check. */
export const APP_VERSION_KEY = 'appVersion';

/** What would be lost by logging out now. */
export interface UnsentSummary {
  count: number;
  byKind: Array<{ kind: string; count: number; text: string }>;
  /** E.g. «3 скани, 1 зміну обраного не надіслано»; null when nothing waits. */
  message: string | null;
}

export function summarizeUnsent(entries: readonly OutboxEntry[], registry: MutationRegistry): UnsentSummary {
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(e.kind, (counts.get(e.kind) ?? 0) + 1);
  const byKind = [...counts].map(([kind, count]) => {
    const noun = registry.get(kind)?.noun ?? (['зміну', 'зміни', 'змін'] as const);
    return { kind, count, text: `${count} ${pluralUk(count, noun)}` };
  });
  return {
    count: entries.length,
    byKind,
    message: byKind.length ? `${byKind.map((k) => k.text).join(', ')} не надіслано` : null,
  };
}

/**
 * Logout, step one: tries to send what waits (when online), then reports what is left so the
 * screen can let the member wait or log out anyway. Nothing is dropped here.
 */
export async function prepareLogout(
  outbox: Outbox,
  registry: MutationRegistry,
  online: boolean,
): Promise<UnsentSummary> {
  if (online) await outbox.sendNow();
  return summarizeUnsent(await outbox.db.outbox.orderBy('seq').toArray(), registry);
}

/** The part of `localStorage` and `sessionStorage` logout needs. */
export interface KeyedStorage {
  readonly length: number;
  key(index: number): string | null;
  removeItem(key: string): void;
}

export interface LogoutEnv {
  /** Expires one cookie of the app's path. */
  clearCookie(name: string): void;
  /** `localStorage`; absent in the service worker. */
  storage?: KeyedStorage;
  /** `sessionStorage`: emptied whole (the tab's own keys: the cart's referrer, orders started…). */
  session?: KeyedStorage;
  /** Optional "inform the server" step (docs/rules.md#states); its failure does not stop the logout. */
  informServer?: () => Promise<void>;
  /**
   * The copies of the member kept outside the database and the storages: the kept screens in Cache
   * Storage, the service worker's, other open tabs' (src/app/pwa/forget-member.ts). Run last: a
   * tab told to leave reloads, and a start that found the session still stored would give its
   * cookies back (src/app/boot/restore-cookies.ts). Its failure does not stop the logout.
   */
  forgetCopies?: () => Promise<void>;
}

/** Removes every key of `s` but those in `keep`. */
function emptyStorage(s: KeyedStorage, keep: readonly string[] = []): void {
  const keys: string[] = [];
  for (let i = 0; i < s.length; i += 1) {
    const k = s.key(i);
    if (k !== null && !keep.includes(k)) keys.push(k);
  }
  for (const k of keys) s.removeItem(k);
}

/**
 * Logout, step two (docs/rules.md#states): informs the server if asked, clears the listed cookies (so no copy is
 * made again for this member), resets every store, clears localStorage except the app-version key
 * and sessionStorage, then forgets the member's copies outside them. Going to /auth is the screen's job.
 */
export async function logout(db: ClubDb, env: LogoutEnv): Promise<void> {
  try {
    await env.informServer?.();
  } catch {
    // Offline or a dead session: the local logout must still happen.
  }
  for (const name of LOGOUT_COOKIES) env.clearCookie(name);
  await resetAllStores(db);
  if (env.storage) emptyStorage(env.storage, [APP_VERSION_KEY]);
  if (env.session) emptyStorage(env.session);
  try {
    await env.forgetCopies?.();
  } catch (e) {
    console.warn('[logout] kept copies not all forgotten', e);
  }
}
