import { createMetafields } from '../../../contract/user';
import type { ClubDb } from '../../../db/database';
import { kvDelete, kvGet, kvSet, type ProfileAddress } from '../../../db/kv';
import type { Account, OutboxEntry } from '../../../db/rows-sync';
import { explainStorageError } from '../../../db/storage';
import { enqueueInTransaction } from '../../engine/enqueue';
import { defineMutation } from '../../engine/registry';
import {
  PROFILE_METAFIELD,
  PROFILE_NAMESPACE,
  waitingProfileEntries,
  type ProfileKey,
  type ProfileMetafieldPayload,
} from '../../member/profile-queue';

const TYPE: Record<ProfileKey, 'json' | 'date'> = { delivery_address: 'json', birth_date: 'date' };

/** The address of a stored metafield value, or null when it is not one. */
export function parseProfileAddress(text: string): ProfileAddress | null {
  try {
    const v = JSON.parse(text) as Record<string, unknown>;
    if (!v || typeof v !== 'object' || ![1, 2, 3].includes(v.method as number) || typeof v.city !== 'string')
      return null;
    const out: ProfileAddress = { method: v.method as 1 | 2 | 3, city: v.city };
    for (const k of ['province', 'branch', 'street', 'house', 'flat'] as const)
      if (typeof v[k] === 'string') out[k] = v[k];
    return out;
  } catch {
    return null;
  }
}

async function readLocal(db: ClubDb, key: ProfileKey): Promise<string | null> {
  if (key === 'birth_date') return (await kvGet(db, 'birthDate')) ?? null;
  const a = await kvGet(db, 'deliveryAddress');
  return a ? JSON.stringify(a) : null;
}

async function writeLocal(db: ClubDb, key: ProfileKey, value: string | null): Promise<void> {
  if (key === 'birth_date') return value ? kvSet(db, 'birthDate', value) : kvDelete(db, 'birthDate');
  const a = value ? parseProfileAddress(value) : null;
  return a ? kvSet(db, 'deliveryAddress', a) : kvDelete(db, 'deliveryAddress');
}

/**
 * Profile fields (delivery address, birth date) kept on the server as metafields `pwa`/<key> of
 * each of the member's records, and locally in the key-value store, which stays the truth while
 * entries wait. A refusal puts the previous value back unless a newer save of the field waits.
 */
export const profileMetafield = defineMutation<ProfileMetafieldPayload, typeof createMetafields>({
  kind: PROFILE_METAFIELD,
  call: createMetafields,
  title: 'Дані профілю',
  noun: ['зміну профілю', 'зміни профілю', 'змін профілю'],
  tables: [],
  views: ['member'],
  async buildRequest(entry) {
    return {
      namespace: PROFILE_NAMESPACE,
      key: entry.payload.key,
      value: entry.payload.value,
      type: TYPE[entry.payload.key],
      shopifyId: entry.account.customerId,
      ...(entry.account.variant === 'ogo' ? { ogo: true } : {}),
    };
  },
  async undo(entry, db) {
    if ((await waitingProfileEntries(db, entry.payload.key, entry.id)).some((e) => e.seq > entry.seq)) return;
    if ((await readLocal(db, entry.payload.key)) === entry.payload.value)
      await writeLocal(db, entry.payload.key, entry.payload.previous);
  },
  async redo(entry, db) {
    await writeLocal(db, entry.payload.key, entry.payload.value);
  },
  describeRefusal(entry, error) {
    if (entry.payload.key === 'birth_date')
      return {
        what: `Дата народження ${entry.payload.value}`,
        why: error.message,
        fixAt: { path: '/profile', label: 'До профілю' },
      };
    const a = parseProfileAddress(entry.payload.value);
    const where = a
      ? [a.city, a.branch ?? [a.street, a.house].filter(Boolean).join(', ')].filter(Boolean).join(', ')
      : '';
    return {
      what: `Адреса доставки${where ? `: ${where.slice(0, 80)}` : ''}`,
      why: error.message,
      fixAt: { path: '/profile', label: 'Виправити в профілі' },
    };
  },
});

/**
 * Domain action: stores a profile field locally and queues it for every record of the member
 * (`accounts`), in one transaction. Works offline; the entries go when there is a network.
 */
export async function saveProfileField(
  db: ClubDb,
  accounts: readonly Account[],
  key: ProfileKey,
  value: string,
  now = Date.now(),
): Promise<OutboxEntry<ProfileMetafieldPayload>[]> {
  try {
    return await db.transaction('rw', [db.outbox, db.kv], async () => {
      const previous = await readLocal(db, key);
      await writeLocal(db, key, value);
      const out: OutboxEntry<ProfileMetafieldPayload>[] = [];
      for (const account of accounts)
        out.push(await enqueueInTransaction(db, profileMetafield, { key, value, previous }, account, now));
      return out;
    });
  } catch (e) {
    throw explainStorageError(e);
  }
}

/** Domain action: the delivery address of the profile (docs/rules.md#entities Delivery). */
export function saveDeliveryAddress(
  db: ClubDb,
  accounts: readonly Account[],
  address: ProfileAddress,
  now = Date.now(),
) {
  return saveProfileField(db, accounts, 'delivery_address', JSON.stringify(address), now);
}
