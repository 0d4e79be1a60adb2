import { inviteApi } from '../../api/groups/invite';
import type { CallResponse } from '../../contract/define';
import type { getInviteFaq, getInviteRules } from '../../contract/invite';
import { kvSet } from '../../db/kv';
import type { Variant } from '../../db/rows-catalogue';
import { readSession } from '../auth/session';
import { INVITE_DOCS } from '../programme/keys';

export { INVITE_DOCS };
import { docPuller } from './doc';
import type { Puller } from './puller';

/** The invite texts and rules change seldom: at most hourly. */
export const INVITE_FRESH_MS = 60 * 60_000;

export type InviteFaq = CallResponse<typeof getInviteFaq>;
export type InviteRulesAnswer = CallResponse<typeof getInviteRules>;
export interface InviteVelo {
  discount_code: string;
  rev_code: string;
}

/** The member's invite code (docs/api.md#invite get-promo-code, memberGetMemberCode), kept in `mgmCode`; it never changes. */
export const promoCodePuller: Puller<string> = {
  name: 'mgmCode',
  freshFor: 24 * 60 * 60_000,
  tables: [],
  async fetch({ db, transport }) {
    if (!(await readSession(db))) return null;
    const r = await inviteApi(transport).getPromoCode({});
    return r.consumer.memberGetMemberCode;
  },
  write: (code, db, now) => kvSet(db, 'mgmCode', code, now),
};

export function inviteFaqPuller(variant: Variant): Puller<InviteFaq> {
  return docPuller({
    key: INVITE_DOCS.faq,
    variant,
    freshFor: INVITE_FRESH_MS,
    async fetch({ db, transport }) {
      if (!(await readSession(db))) return null;
      return inviteApi(transport).getInviteFaq({});
    },
  });
}

/** The figures the calculator counts with, as the server pays them (invite/get-rules). */
export function inviteRulesPuller(variant: Variant): Puller<InviteRulesAnswer> {
  return docPuller({
    key: INVITE_DOCS.rules,
    variant,
    freshFor: INVITE_FRESH_MS,
    async fetch({ db, transport }) {
      if (!(await readSession(db))) return null;
      return inviteApi(transport).getInviteRules({});
    },
  });
}
