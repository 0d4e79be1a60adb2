import { ApiCallError } from '../../api/errors';
import type { Transport } from '../../api/transport';
import { userApi } from '../../api/groups/user';
import type { ClubDb } from '../../db/database';
import { kvGet, kvSet } from '../../db/kv';
import type { Variant } from '../../db/rows-catalogue';
import { memberAgeVerified, memberRecordOf, type PulledMember } from '../pullers/session-member';
import { saveSession, type Session } from './session';

/** A session made again from the session cookie, with the member's records as the server holds them. */
export interface RestoredSession {
  session: Session;
  records: PulledMember['records'];
}

/**
 * The session of a device whose database the browser wiped (storage pressure, "clear data" of
 * the site's storage) while its session cookie survived: the cookie holds the token, and
 * get-user-by-phone answers the bearer's own record, so the member is signed in again rather
 * than sent through the age gate and the sign-in. The ogo record is asked for only when the device
 * last showed ogo (the call makes one otherwise). Null when the server does not know the token
 * (401, 403); throws when it cannot answer now (offline, 5xx): the next pull tries again.
 */
export async function sessionFromCookie(
  transport: Transport,
  token: string,
  lastVariant: Variant | null,
): Promise<RestoredSession | null> {
  const user = userApi(transport);
  const asPulled = (a: Awaited<ReturnType<typeof user.getUserByPhone>>) => ({
    record: a.customer,
    metafields: a.metafields,
  });
  const records: PulledMember['records'] = {};
  try {
    records.glo = asPulled(await user.getUserByPhone({}, { token }));
  } catch (e) {
    if (e instanceof ApiCallError && (e.status === 401 || e.status === 403)) return null;
    throw e;
  }
  const glo = records.glo.record;
  if (lastVariant === 'ogo') {
    const ogo = await user.getUserByPhone({ ogo: 'true' }, { token }).catch(() => null);
    if (ogo) records.ogo = asPulled(ogo);
  }
  return {
    session: {
      token,
      customerIds: { glo: glo.id, ...(records.ogo ? { ogo: records.ogo.record.id } : {}) },
      phone: glo.phone || null,
      variant: records.ogo ? 'ogo' : 'glo',
      ageVerified: memberAgeVerified(records),
    },
    records,
  };
}

/** Stores a session made again, unless one appeared meanwhile (a sign-in in another tab wins). Inside a transaction over kv. */
export async function saveRestoredSession(db: ClubDb, r: RestoredSession, now: number): Promise<boolean> {
  if (await kvGet(db, 'pwaToken')) return false;
  await saveSession(db, r.session, now);
  const records: Partial<Record<Variant, ReturnType<typeof memberRecordOf>>> = {};
  for (const v of ['glo', 'ogo'] as const) {
    const rec = r.records[v];
    if (rec) records[v] = memberRecordOf(rec.record);
  }
  await kvSet(db, 'memberRecords', records, now);
  return true;
}
