import type { ClubDb } from '../../db/database';
import { kvGet, kvSet } from '../../db/kv';
import type { Variant } from '../../db/rows-catalogue';
import type { OutboxEntry } from '../../db/rows-sync';

/** One toggle: the product and whether it is a favourite after it. */
export interface FavouriteTogglePayload {
  productId: number;
  on: boolean;
}

export const FAVOURITE_TOGGLE = 'favourite-toggle';

/** Applies one toggle to a list of product ids (added ones go last). */
export function applyToggle(ids: readonly number[], t: FavouriteTogglePayload): number[] {
  const rest = ids.filter((id) => id !== t.productId);
  return t.on ? [...rest, t.productId] : rest;
}

/** Reads a favourites metafield value; anything but an array of numbers counts as empty. */
export function parseFavouriteIds(value: string): number[] {
  try {
    const v: unknown = JSON.parse(value);
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number' && Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

/** Toggles of a variant still waiting to be accepted, in FIFO order. */
export async function waitingToggles(db: ClubDb, variant: Variant): Promise<Array<OutboxEntry<FavouriteTogglePayload>>> {
  const all = await db.outbox.where('kind').equals(FAVOURITE_TOGGLE).sortBy('seq');
  return all.filter((e) => e.state !== 'failed' && e.account.variant === variant) as Array<OutboxEntry<FavouriteTogglePayload>>;
}

export async function localFavouriteIds(db: ClubDb, variant: Variant): Promise<number[]> {
  return (await db.favourites.where('variant').equals(variant).sortBy('addedAt')).map((f) => f.productId);
}

/**
 * The list the server holds: as last confirmed, or, before any confirmation, the local list with
 * the waiting toggles (and `alsoRevert`, an entry just refused) taken back, newest first.
 */
export async function serverFavouriteIds(db: ClubDb, variant: Variant, alsoRevert?: OutboxEntry<FavouriteTogglePayload>): Promise<number[]> {
  const confirmed = (await kvGet(db, 'favouritesConfirmed'))?.lists[variant];
  if (confirmed) return confirmed;
  const revert = [...(await waitingToggles(db, variant)), ...(alsoRevert ? [alsoRevert] : [])].sort((a, b) => b.seq - a.seq);
  let ids = await localFavouriteIds(db, variant);
  for (const e of revert) ids = applyToggle(ids, { productId: e.payload.productId, on: !e.payload.on });
  return ids;
}

/** Revision of the confirmed lists: a pull started before a confirmation must not overwrite it. */
export async function confirmedRevision(db: ClubDb): Promise<number> {
  return (await kvGet(db, 'favouritesConfirmed'))?.rev ?? 0;
}

export async function setConfirmed(db: ClubDb, variant: Variant, ids: number[]): Promise<void> {
  const cur = (await kvGet(db, 'favouritesConfirmed')) ?? { rev: 0, lists: {} };
  await kvSet(db, 'favouritesConfirmed', { rev: cur.rev + 1, lists: { ...cur.lists, [variant]: ids } });
}

/** Writes the local favourites of a variant as `ids`, keeping the date of those already there. */
export async function writeLocalFavourites(db: ClubDb, variant: Variant, ids: readonly number[], now = Date.now()): Promise<void> {
  const old = new Map((await db.favourites.where('variant').equals(variant).toArray()).map((f) => [f.productId, f.addedAt]));
  await db.favourites.where('variant').equals(variant).delete();
  await db.favourites.bulkPut(ids.map((productId, i) => ({ variant, productId, addedAt: old.get(productId) ?? now + i })));
}

/**
 * Local state = what the server holds + every toggle still waiting. Used after a refusal (undo)
 * and a retry (redo), so later toggles of the same product are never lost.
 */
export async function rebuildLocalFavourites(db: ClubDb, variant: Variant, refused?: OutboxEntry<FavouriteTogglePayload>): Promise<void> {
  let ids = await serverFavouriteIds(db, variant, refused);
  for (const e of await waitingToggles(db, variant)) ids = applyToggle(ids, e.payload);
  await writeLocalFavourites(db, variant, ids);
}
