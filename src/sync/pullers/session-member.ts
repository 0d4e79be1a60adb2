import { inviteApi } from '../../api/groups/invite';
import { shopApi } from '../../api/groups/shop';
import { userApi } from '../../api/groups/user';
import type { Metafield, ShopRecord } from '../../contract/user';
import type { ClubDb } from '../../db/database';
import { kvGet, kvSet, type MemberRecord } from '../../db/kv';
import { isAgeVerified } from '../../domain/auth/age';
import { parseProfileAddress } from '../mutations/member/profile-metafield';
import { PROFILE_NAMESPACE, waitingProfileEntries } from '../member/profile-queue';
import { readSession } from '../auth/session';
import type { Puller } from './puller';
import { putPulledBalances, xpBalancesSeen, type BalancesSeen } from './xp-balances';

/** docs/rules.md#states logout clears `cacheShopUserInfo`: the member's shop info is cached; 10 minutes here. */
export const MEMBER_FRESH_MS = 10 * 60_000;

export type MemberVariant = 'glo' | 'ogo';
export const MEMBER_VARIANTS: readonly MemberVariant[] = ['glo', 'ogo'];

export interface PulledMember {
  records: Partial<Record<MemberVariant, { record: ShopRecord; metafields: Metafield[] }>>;
  balances: Partial<Record<MemberVariant, number>>;
  mgmCode: string | null;
  active: MemberVariant;
  /** The XP balances' stale counts when the fetch began (./xp-balances.ts). */
  xpSeen: BalancesSeen;
}

export const memberRecordOf = (r: ShopRecord): MemberRecord => ({
  id: r.id,
  first_name: r.first_name,
  last_name: r.last_name,
  email: r.email,
  phone: r.phone,
  tags: r.tags,
  orders_count: r.orders_count,
  total_spent: r.total_spent,
});

/** docs/rules.md#validation over the member's records: each by its own rule (ogo: metafield in namespace verification). */
export function memberAgeVerified(records: PulledMember['records']): boolean {
  return MEMBER_VARIANTS.some((v) => {
    const r = records[v];
    return r ? isAgeVerified({ tags: r.record.tags, metafields: r.metafields, ogo: v === 'ogo' }) : false;
  });
}

/** A profile metafield of the active record, else of the other one. */
function profileValue(p: PulledMember, key: string): string | null {
  for (const v of [p.active, ...MEMBER_VARIANTS.filter((x) => x !== p.active)]) {
    const m = p.records[v]?.metafields.find((f) => f.namespace === PROFILE_NAMESPACE && f.key === key);
    if (m) return m.value;
  }
  return null;
}

/** Writes a pull into the key-value store and the XP balances (inside the puller's transaction). */
export async function writeMember(p: PulledMember, db: ClubDb, now: number): Promise<void> {
  const records = { ...((await kvGet(db, 'memberRecords')) ?? {}) };
  for (const v of MEMBER_VARIANTS) {
    const r = p.records[v];
    if (r) records[v] = memberRecordOf(r.record);
  }
  await kvSet(db, 'memberRecords', records, now);
  if (Object.keys(p.records).length) await kvSet(db, 'ageVerified', memberAgeVerified(p.records), now);
  const balances = Object.entries(p.balances).map(([variant, balance]) => ({
    variant: variant as MemberVariant,
    balance,
    fetchedAt: now,
  }));
  await putPulledBalances(db, p.xpSeen, balances);
  if (p.mgmCode) await kvSet(db, 'mgmCode', p.mgmCode, now);
  // While a save of a field waits, the local value is the truth.
  const address = profileValue(p, 'delivery_address');
  const parsed = address ? parseProfileAddress(address) : null;
  if (parsed && (await waitingProfileEntries(db, 'delivery_address')).length === 0)
    await kvSet(db, 'deliveryAddress', parsed, now);
  const birth = profileValue(p, 'birth_date');
  if (birth && /^\d{4}-\d{2}-\d{2}$/.test(birth) && (await waitingProfileEntries(db, 'birth_date')).length === 0)
    await kvSet(db, 'birthDate', birth, now);
}

/**
 * The member's shop records of both variants (get-user, the ogo one with the {product} flag,
 * docs/rules.md#roles), their XP balances (get-balance) and invite code (get-promo-code, once): the
 * profile, the home balance and the age rule (docs/rules.md#validation) read them from the local database.
 */
export const memberPuller: Puller<PulledMember> = {
  name: 'member',
  freshFor: MEMBER_FRESH_MS,
  tables: ['xpBalance', 'outbox'],
  async fetch({ db, transport }) {
    const session = await readSession(db);
    if (!session) return null;
    const xpSeen = await xpBalancesSeen(db);
    const user = userApi(transport);
    const shop = shopApi(transport);
    const out: PulledMember = {
      records: {},
      balances: {},
      mgmCode: null,
      active: session.variant === 'ogo' ? 'ogo' : 'glo',
      xpSeen,
    };
    for (const v of MEMBER_VARIANTS) {
      const id = session.customerIds[v];
      if (!id) continue;
      const { customer, metafields } = await user.getUser(v === 'ogo' ? { id, ogo: true } : { id });
      out.records[v] = { record: customer, metafields };
      out.balances[v] = (await shop.getBalance({ v })).balance;
    }
    if (!(await kvGet(db, 'mgmCode'))) {
      out.mgmCode = await inviteApi(transport)
        .getPromoCode({})
        .then((r) => r.consumer.memberGetMemberCode)
        .catch(() => null);
    }
    return out;
  },
  write: writeMember,
};
