import type { AppDeps } from '../../context';
import type { Db } from '../../db/connect';
import { liqpayConfigured, liqpayKeys, newSandboxSecret, type LiqpayKeys } from '../../sandboxes/liqpay';

const SECRET = 'liqpay_sandbox_secret';
const secrets = new WeakMap<Db, Promise<string>>();

/** The deployment's sandbox secret: made once (first writer wins), then read and kept in memory. */
function sandboxSecret(db: Db): Promise<string> {
  let s = secrets.get(db);
  if (!s) {
    s = (async () => {
      await db
        .insertInto('shop_settings')
        .values({ name: SECRET, value: newSandboxSecret() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      return (await db.selectFrom('shop_settings').select('value').where('name', '=', SECRET).executeTakeFirstOrThrow())
        .value;
    })();
    secrets.set(db, s);
    s.catch(() => secrets.delete(db));
  }
  return s;
}

/** The keys payments are signed with in this deployment (server/sandboxes/liqpay.ts). */
export async function paymentKeys(deps: Pick<AppDeps, 'db' | 'config'>): Promise<LiqpayKeys> {
  return liqpayKeys(deps.config, liqpayConfigured(deps.config) ? '' : await sandboxSecret(deps.db));
}
