import { userApi } from '../../api/groups/user';
import { kvSet, type KvValues } from '../../db/kv';
import { readSession } from '../auth/session';
import type { Puller } from './puller';

/** Invited friends change rarely; pulled when /profile/referral opens, at most every 5 minutes. */
export const REFERRALS_FRESH_MS = 5 * 60_000;

/** The members the member invited (user/get-referrals), for /profile/referral. */
export const referralsPuller: Puller<KvValues['referrals']> = {
  name: 'referrals',
  freshFor: REFERRALS_FRESH_MS,
  tables: [],
  async fetch({ db, transport }) {
    if (!(await readSession(db))) return null;
    const r = await userApi(transport).getReferrals({});
    return {
      mgmCode: r.mgmCode,
      count: r.count,
      ordered: r.ordered,
      list: r.referrals,
      ...(r.earned ? { earned: r.earned } : {}),
      ...(r.pending !== undefined ? { pending: r.pending } : {}),
    };
  },
  async write(value, db, now) {
    await kvSet(db, 'referrals', value, now);
    if (value.mgmCode) await kvSet(db, 'mgmCode', value.mgmCode, now);
  },
};
