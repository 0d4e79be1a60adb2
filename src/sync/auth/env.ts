import type { AuthEnv } from './actions';
import { documentCookies } from './cookies';
import type { SyncRuntime } from '../runtime';

/** Spec §6 allow-list as built (server default TEST_PHONES). */
export const TEST_PHONES: readonly string[] = (import.meta.env.VITE_TEST_PHONES ?? '380500000001,380500000002')
  .split(',')
  .map((p) => p.replace(/\D/g, ''))
  .filter(Boolean);

/** True on the second variant's own host (VITE_OGO_HOST): the app runs as ogo there. */
export function onOgoHost(host: string = location.host): boolean {
  const ogo = import.meta.env.VITE_OGO_HOST;
  return Boolean(ogo) && host === ogo;
}

/** The sign-in and member actions' environment in the page: the sync runtime and document cookies. */
export function authEnv(rt: SyncRuntime): AuthEnv {
  return {
    db: rt.db,
    transport: rt.transport,
    online: rt.online,
    cookies: documentCookies(),
    now: Date.now,
    testPhones: TEST_PHONES,
    defaultVariant: onOgoHost() ? 'ogo' : 'glo',
    signedIn: () => rt.signedIn(),
  };
}
