import { userApi } from '../../../api/groups/user';
import { updateTags } from '../../../contract/user';
import type { ClubDb } from '../../../db/database';
import { kvGet, kvSet } from '../../../db/kv';
import type { Account, OutboxEntry } from '../../../db/rows-sync';
import { isSelfServiceTag } from '../../../domain/member/self-service-tags';
import { signedInAccount } from '../../auth/signed-in';
import { mutate } from '../../engine/enqueue';
import { defineMutation } from '../../engine/registry';

export const MEMBER_TAGS_KIND = 'member-tags';

export interface MemberTagPayload {
  /** A self-service tag (src/domain/member/self-service-tags.ts), e.g. news_consent. */
  tag: string;
  on: boolean;
}

async function setLocalTag(db: ClubDb, account: Account, tag: string, on: boolean): Promise<void> {
  const records = (await kvGet(db, 'memberRecords')) ?? {};
  const record = records[account.variant];
  if (!record) return;
  const tags = record.tags.filter((t) => t !== tag);
  await kvSet(db, 'memberRecords', { ...records, [account.variant]: { ...record, tags: on ? [...tags, tag] : tags } });
}

/**
 * docs/api.md#user user/update-tags {tags, shopifyId, {product}}: a self-service tag of the member's own
 * record switched on or off (the news consent on /news). The call takes the whole list and
 * refuses any change to the club's own tags, so the request is built from the record as the
 * server holds it when the entry is sent, with only this tag changed.
 */
export const memberTags = defineMutation<MemberTagPayload, typeof updateTags>({
  kind: MEMBER_TAGS_KIND,
  call: updateTags,
  title: 'Згода на повідомлення',
  noun: ['зміну згоди', 'зміни згоди', 'змін згоди'],
  tables: [],
  views: ['member'],
  async buildRequest(entry, ctx) {
    const ogo = entry.account.variant === 'ogo';
    const { customer } = await userApi(ctx.transport).getUser({
      id: entry.account.customerId,
      ...(ogo ? { ogo: true } : {}),
    });
    const others = customer.tags.filter((t) => t !== entry.payload.tag);
    return {
      tags: entry.payload.on ? [...others, entry.payload.tag] : others,
      shopifyId: entry.account.customerId,
      ...(ogo ? { ogo: true } : {}),
    };
  },
  async apply(answer, entry, db) {
    const records = (await kvGet(db, 'memberRecords')) ?? {};
    const record = records[entry.account.variant];
    if (record)
      await kvSet(db, 'memberRecords', { ...records, [entry.account.variant]: { ...record, tags: answer.tags } });
  },
  async undo(entry, db) {
    await setLocalTag(db, entry.account, entry.payload.tag, !entry.payload.on);
  },
  async redo(entry, db) {
    await setLocalTag(db, entry.account, entry.payload.tag, entry.payload.on);
  },
});

/** Domain action: switches a self-service tag locally and queues it, in one transaction. */
export function setMemberTag(
  db: ClubDb,
  account: Account,
  tag: string,
  on: boolean,
  now = Date.now(),
): Promise<OutboxEntry<MemberTagPayload>> {
  if (!isSelfServiceTag(tag)) throw new Error(`${tag} is not a self-service tag`);
  return mutate(db, memberTags, {
    account,
    now,
    change: async () => {
      await setLocalTag(db, account, tag, on);
      return { tag, on };
    },
  });
}

/** The self-service tag of the member's consent to news messages. */
export const NEWS_CONSENT_TAG = 'news_consent';

/**
 * /news: the member's consent to news messages, switched from the screen, which holds the page's
 * environment (`AuthEnv`) rather than the account. Typed by what it reads: the service worker,
 * which bundles every kind file, has no DOM types for the rest of `AuthEnv`.
 */
export async function setNewsConsent(env: { db: ClubDb; now: () => number }, on: boolean): Promise<void> {
  await setMemberTag(env.db, await signedInAccount(env.db), NEWS_CONSENT_TAG, on, env.now());
}
