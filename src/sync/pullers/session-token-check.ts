import { authApi } from '../../api/groups/auth';
import type { ClubDb } from '../../db/database';
import type { Variant } from '../../db/rows-catalogue';
import { saveRestoredSession, sessionFromCookie, type RestoredSession } from '../auth/restore';
import { readSession } from '../auth/session';
import { FRESH_FOR } from './freshness';
import type { Puller } from './puller';

/** The puller's name; sign-in stamps it fresh (the token was just issued). */
export const TOKEN_CHECK = 'tokenCheck';

export interface TokenCheckEnv {
  /** docs/rules.md#roles: the `usertoken` cookie the guards read (it holds the session's token), or null. */
  userCookie(): string | null;
  /** Logs the member out (clears cookies, stores, localStorage; goes to /auth). */
  logout(): Promise<void>;
  /** The variant this device last showed (kept outside the database), for a session made again. */
  lastVariant?(): Variant | null;
}

type Verdict = { valid: true } | { valid: false; why: 'no-token' | 'dead-cookie' } | { restored: RestoredSession };

/**
 * The session once every write under way has landed. A sign-in sets the cookie, then stores the
 * session (src/sync/auth/actions.ts `completeSignIn`): a cookie seen without a session may be a
 * sign-in of a moment ago (right after a logout, the check runs as the sign-in screen starts). Its
 * read-write transaction began before the cookie could be seen here, so this one waits for it.
 */
const settledSession = (db: ClubDb) => db.transaction('rw', db.kv, () => readSession(db));

/**
 * docs/rules.md#states token check, at most every 20 minutes (docs/rules.md#constants): check-token with the shop ids this device
 * holds; an answer code 200 without a token logs the member out. A `usertoken` cookie without a
 * session on this device (its database wiped by the browser, the cookie spared) is made a session
 * again from the cookie's token (../auth/restore.ts); one the server does not know is no sign-in:
 * logged out, so the guards and the local session agree again. A session without the cookie (the
 * cookie expired) waits for the next sign-in, which keeps unsent changes of the same person.
 */
export function tokenCheckPuller(env: TokenCheckEnv): Puller<Verdict> {
  return {
    name: TOKEN_CHECK,
    freshFor: FRESH_FOR.tokenCheck,
    tables: [],
    async fetch({ db, transport }) {
      const session = await readSession(db);
      if (!session) {
        const token = env.userCookie();
        if (!token || (await settledSession(db))) return null;
        const restored = await sessionFromCookie(transport, token, env.lastVariant?.() ?? null);
        return restored ? { restored } : { valid: false, why: 'dead-cookie' };
      }
      const r = await authApi(transport).checkToken({
        gloShopId: session.customerIds.glo ?? null,
        ogoShopId: session.customerIds.ogo ?? null,
      });
      return r.token ? { valid: true } : { valid: false, why: 'no-token' };
    },
    async write(verdict, db, now) {
      if ('restored' in verdict) await saveRestoredSession(db, verdict.restored, now);
    },
    async after(verdict) {
      if ('valid' in verdict && !verdict.valid) await env.logout();
    },
  };
}
