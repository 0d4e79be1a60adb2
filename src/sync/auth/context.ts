import type { Transport } from '../../api/transport';
import type { ClubDb } from '../../db/database';
import type { CookieJar } from './cookies';
import { AuthError, toAuthError } from './errors';
import { OFFLINE_ONLY_MESSAGE } from '../engine/online-only';
import type { OnlineSource } from '../engine/online';

/** What the sign-in and member actions need: the page's sync runtime parts and its cookies. */
export interface AuthEnv {
  db: ClubDb;
  transport: Transport;
  online: OnlineSource;
  cookies: CookieJar;
  /** Epoch ms. */
  now: () => number;
  /** docs/rules.md#roles: the fixed allow-list of two phones that sign in without SMS (server TEST_PHONES). */
  testPhones: readonly string[];
  /** The variant of a fresh sign-in: ogo on the second variant's own host, else glo. */
  defaultVariant?: 'glo' | 'ogo';
  /** Where the visit's source waits (a chat-bot visit, docs/api.md#auth send-bot-stat); localStorage when absent. */
  visits?: Pick<Storage, 'getItem' | 'removeItem'>;
  /** Called once a sign-in's session is stored: the page tells its other open tabs. */
  signedIn?: () => void;
}

/** Runs an online-only call: refuses at once when offline, explains any failure. */
export async function online<T>(env: Pick<AuthEnv, 'online'>, run: () => Promise<T>): Promise<T> {
  if (!env.online.isOnline()) throw new AuthError(OFFLINE_ONLY_MESSAGE, 'offline');
  try {
    return await run();
  } catch (e) {
    throw toAuthError(e);
  }
}
