import type { ClubDb } from '../../../db/database';
import type { Variant } from '../../../db/rows-catalogue';
import type { OutboxEntry } from '../../../db/rows-sync';
import { getBase, type MetafieldDoc } from './metafield-base';

/** One toggle: the product and whether it is a favourite after it (the member's intent: add or remove). */
export interface FavouriteTogglePayload {
  productId: number;
  on: boolean;
}

export const FAVOURITE_TOGGLE = 'favourite-toggle';

/** docs/rules.md#states: favourites are the customer's metafield `pwa`/`favorites` (json, an array of product ids). */
export const FAVOURITES_DOC: MetafieldDoc = { namespace: 'pwa', key: 'favorites' };

/** Applies one toggle to a list of product ids: added ones go last, a product is never there twice. */
export function applyToggle(ids: readonly number[], t: FavouriteTogglePayload): number[] {
  const rest = ids.filter((id) => id !== t.productId);
  return t.on ? [...rest, t.productId] : rest;
}

/** Reads a favourites metafield value; anything but an array of numbers counts as empty. */
export function parseFavouriteIds(value: string | null): number[] {
  if (value === null) return [];
  try {
    const v: unknown = JSON.parse(value);
    return Array.isArray(v)
      ? [...new Set(v.filter((x): x is number => typeof x === 'number' && Number.isInteger(x)))]
      : [];
  } catch {
    return [];
  }
}

/** Toggles of a variant still waiting to be accepted, in FIFO order (`except`: one being settled now). */
export async function waitingToggles(
  db: ClubDb,
  variant: Variant,
  except?: string,
): Promise<Array<OutboxEntry<FavouriteTogglePayload>>> {
  const all = await db.outbox.where('kind').equals(FAVOURITE_TOGGLE).sortBy('seq');
  return all.filter((e) => e.state !== 'failed' && e.account.variant === variant && e.id !== except) as Array<
    OutboxEntry<FavouriteTogglePayload>
  >;
}

export async function localFavouriteIds(db: ClubDb, variant: Variant): Promise<number[]> {
  return (await db.favourites.where('variant').equals(variant).sortBy('addedAt')).map((f) => f.productId);
}

/**
 * The list the server holds: as it last said, or, before anything was heard from it, the local
 * list with the waiting toggles (and `alsoRevert`, an entry just refused) taken back, newest first.
 */
export async function serverFavouriteIds(
  db: ClubDb,
  variant: Variant,
  alsoRevert?: OutboxEntry<FavouriteTogglePayload>,
): Promise<number[]> {
  const base = await getBase(db, variant, FAVOURITES_DOC);
  if (base) return parseFavouriteIds(base.value);
  const revert = [...(await waitingToggles(db, variant)), ...(alsoRevert ? [alsoRevert] : [])].sort(
    (a, b) => b.seq - a.seq,
  );
  let ids = await localFavouriteIds(db, variant);
  for (const e of revert) ids = applyToggle(ids, { productId: e.payload.productId, on: !e.payload.on });
  return ids;
}

/** Writes the local favourites of a variant as `ids`, keeping the date of those already there. */
export async function writeLocalFavourites(
  db: ClubDb,
  variant: Variant,
  ids: readonly number[],
  now = Date.now(),
): Promise<void> {
  const old = new Map(
    (await db.favourites.where('variant').equals(variant).toArray()).map((f) => [f.productId, f.addedAt]),
  );
  await db.favourites.where('variant').equals(variant).delete();
  await db.favourites.bulkPut(
    ids.map((productId, i) => ({ variant, productId, addedAt: old.get(productId) ?? now + i })),
  );
}

/**
 * Local list = what the server holds + every toggle still waiting, in order: after an answer
 * (with another device's changes in it), a pull, a refusal (`refused`, taken back) and a retry.
 * `except` is an entry being settled whose effect the server's value already holds.
 */
export async function rebuildLocalFavourites(
  db: ClubDb,
  variant: Variant,
  opts: { refused?: OutboxEntry<FavouriteTogglePayload>; except?: string } = {},
): Promise<void> {
  let ids = await serverFavouriteIds(db, variant, opts.refused);
  for (const e of await waitingToggles(db, variant, opts.except)) ids = applyToggle(ids, e.payload);
  await writeLocalFavourites(db, variant, ids);
}
