// The member's checkout choices per shop (cart codes, delivery, payment), kept in the local
// key-value store so they survive a reload and work offline. Local only: nothing is sent until
// the order is placed. Light on purpose (no API layer): the screens import it with their paint.
import type { ClubDb } from '../../db/database';
import { kvGet, kvSet, type CheckoutDraft } from '../../db/kv';
import { newDraft } from './fresh';

export { newDraft };

export type DraftVariant = 'glo' | 'ogo';

/** The stored draft of a shop, or a fresh one. */
export async function readDraft(db: ClubDb, variant: DraftVariant): Promise<CheckoutDraft> {
  const stored = (await kvGet(db, 'checkoutDrafts'))?.[variant];
  return stored ?? newDraft((await kvGet(db, 'deliveryAddress')) ?? null);
}

/** Changes part of a shop's draft (one transaction: read, merge, write). */
export async function saveDraft(
  db: ClubDb,
  variant: DraftVariant,
  patch: Partial<CheckoutDraft>,
  now = Date.now(),
): Promise<CheckoutDraft> {
  return db.transaction('rw', db.kv, async () => {
    const drafts = (await kvGet(db, 'checkoutDrafts')) ?? {};
    const next: CheckoutDraft = { ...(drafts[variant] ?? (await readDraft(db, variant))), ...patch, updatedAt: now };
    await kvSet(db, 'checkoutDrafts', { ...drafts, [variant]: next }, now);
    return next;
  });
}
