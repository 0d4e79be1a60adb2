import { authApi } from '../../api/groups/auth';
import type { ClubDb } from '../../db/database';
import { readSession } from '../auth/session';
import { FRESH_FOR } from './freshness';
import type { Puller } from './puller';

/** The puller's name; sign-in stamps it fresh (the token was just issued). */
export const TOKEN_CHECK = 'tokenCheck';

export interface TokenCheckEnv {
  /** Spec §6: the `usertoken` cookie the guards read. */
  hasUserCookie(): boolean;
  /** Logs the member out (clears cookies, stores, localStorage; goes to /auth). */
  logout(): Promise<void>;
}

type Verdict = { valid: true } | { valid: false; why: 'no-token' | 'no-session' };

/**
 * The session once every write under way has landed. A sign-in sets the cookie, then stores the
 * session (src/sync/auth/actions.ts `completeSignIn`): a cookie seen without a session may be a
 * sign-in of a moment ago (right after a logout, the check runs as the sign-in screen starts). Its
 * read-write transaction began before the cookie could be seen here, so this one waits for it.
 */
const settledSession = (db: ClubDb) => db.transaction('rw', db.kv, () => readSession(db));

/**
 * Spec §4 token check, at most every 20 minutes (§9): check-token with the shop ids this device
 * holds; an answer code 200 without a token logs the member out. A `usertoken` cookie without a
 * session on this device (its data cleared, or a cookie from elsewhere) is no sign-in either: the
 * cookie goes, so the guards and the local session agree again. A session without the cookie
 * (the cookie expired) waits for the next sign-in, which keeps unsent changes of the same person.
 */
export function tokenCheckPuller(env: TokenCheckEnv): Puller<Verdict> {
  return {
    name: TOKEN_CHECK,
    freshFor: FRESH_FOR.tokenCheck,
    tables: [],
    async fetch({ db, transport }) {
      const session = await readSession(db);
      if (!session) return env.hasUserCookie() && !(await settledSession(db)) ? { valid: false, why: 'no-session' } : null;
      const r = await authApi(transport).checkToken({ gloShopId: session.customerIds.glo ?? null, ogoShopId: session.customerIds.ogo ?? null });
      return r.token ? { valid: true } : { valid: false, why: 'no-token' };
    },
    write: async () => undefined,
    async after(verdict) {
      if (!verdict.valid) await env.logout();
    },
  };
}
