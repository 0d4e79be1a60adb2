import { userApi } from '../../../api/groups/user';
import type { Transport } from '../../../api/transport';
import type { Metafield } from '../../../contract/user';
import type { ClubDb } from '../../../db/database';
import { kvGet, kvSet, type MetafieldBase } from '../../../db/kv';
import type { Variant } from '../../../db/rows-catalogue';
import type { Account } from '../../../db/rows-sync';

// Favourites and the cart are whole values on the server (docs/api.md#user create-metafields), but what a
// member does is an operation (a favourite added, two more of a line). Each queued operation is
// applied to the value the server holds, never to this device's last snapshot: the write names
// the revision it was built on (If-Match) and, when another device wrote first (412), it is
// rebuilt on the new value. Against a server that gives no revisions, the value is read afresh
// before each write (best effort: a write by another device in between can still be lost).

/** One whole-value metafield of the member's record. */
export interface MetafieldDoc {
  namespace: string;
  key: string;
}

const baseKey = (variant: Variant, doc: MetafieldDoc) => `${variant}:${doc.namespace}/${doc.key}`;

/** The value the server last said it holds, or undefined when nothing is known yet. */
export async function getBase(db: ClubDb, variant: Variant, doc: MetafieldDoc): Promise<MetafieldBase | undefined> {
  return (await kvGet(db, 'metafieldBases'))?.[baseKey(variant, doc)];
}

/**
 * Stores what the server holds, unless what is stored is newer (a higher revision: a pull that
 * started before a write was answered must not take it back). Returns whether it was stored.
 */
export async function setBase(db: ClubDb, variant: Variant, doc: MetafieldDoc, base: MetafieldBase): Promise<boolean> {
  const all = (await kvGet(db, 'metafieldBases')) ?? {};
  const cur = all[baseKey(variant, doc)];
  if (cur && cur.revision !== null && base.revision !== null && base.revision < cur.revision) return false;
  await kvSet(db, 'metafieldBases', { ...all, [baseKey(variant, doc)]: base });
  return true;
}

/** Forgets the stored value (another device wrote): the next write reads it afresh. */
export async function dropBase(db: ClubDb, variant: Variant, doc: MetafieldDoc): Promise<void> {
  const all = await kvGet(db, 'metafieldBases');
  if (!all?.[baseKey(variant, doc)]) return;
  const { [baseKey(variant, doc)]: _gone, ...rest } = all;
  await kvSet(db, 'metafieldBases', rest);
}

/** The base a metafield of the server's answer gives. */
export function baseOf(m: Metafield | undefined, now: number): MetafieldBase {
  return m ? { value: m.value, revision: m.revision ?? null, at: now } : { value: null, revision: null, at: now };
}

/** Reads the metafield from the server (get-metafields). */
export async function fetchBase(
  transport: Transport,
  account: Account,
  doc: MetafieldDoc,
  now: number,
): Promise<MetafieldBase> {
  const { metafields } = await userApi(transport).getMetafields(
    account.variant === 'ogo' ? { id: account.customerId, ogo: true } : { id: account.customerId },
  );
  const found = metafields.find((f) => f.namespace === doc.namespace && f.key === doc.key);
  // An absent metafield is "revision 0": its first write is sent with If-None-Match: *, which a
  // server that gives no revisions ignores.
  return found ? baseOf(found, now) : { value: null, revision: 0, at: now };
}

/**
 * The value a queued write is built on: the stored base when its revision is known (the
 * conditional write checks it), else what the server holds now.
 */
export async function baseForWrite(
  ctx: { db: ClubDb; transport: Transport; now: () => number },
  account: Account,
  doc: MetafieldDoc,
): Promise<MetafieldBase> {
  const stored = await getBase(ctx.db, account.variant, doc);
  if (stored && stored.revision !== null) return stored;
  const fresh = await fetchBase(ctx.transport, account, doc, ctx.now());
  await setBase(ctx.db, account.variant, doc, fresh);
  return fresh;
}

/** The precondition of a write built on `base` (RFC 9110 §13.1): none when the server gives no revisions. */
export function preconditionOf(base: MetafieldBase): Record<string, string> {
  if (base.value === null) return { 'if-none-match': '*' };
  if (base.revision === null) return {};
  return { 'if-match': `"${base.revision}"` };
}

/** The server's "another device wrote first" (412): the write is rebuilt on the new value. */
export const isRevisionConflict = (e: { status: number }) => e.status === 412;

/** Conflicts one entry may meet before it is refused for good (each one re-read and rebuilt). */
export const MAX_CONFLICTS = 50;
