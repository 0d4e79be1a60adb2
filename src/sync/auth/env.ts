import { clubConfig } from '../../state/club-config';
import type { AuthEnv } from './actions';
import { documentCookies } from './cookies';
import type { SyncRuntime } from '../runtime';

/** docs/rules.md#roles allow-list of this deployment (server TEST_PHONES; empty where the server has test-login off). */
export const TEST_PHONES: readonly string[] = clubConfig.testPhones;

/** True on the second variant's own host (server OGO_HOST): the app runs as ogo there. */
export function onOgoHost(host: string = location.host): boolean {
  const ogo = clubConfig.ogoHost;
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
