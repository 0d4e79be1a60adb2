import type { Transport } from '../../api/transport';
import type { ClubDb } from '../../db/database';
import type { MetafieldBase } from '../../db/kv';
import type { Variant } from '../../db/rows-catalogue';
import { fetchBase, getBase, setBase, type MetafieldDoc } from '../mutations/metafield-base';
import { readSession } from '../session';

/** A whole-value metafield of each of the member's accounts, as the server holds it. */
export interface PulledDocs {
  docs: Array<{ variant: Variant; base: MetafieldBase }>;
}

/** Reads `doc` from every account of the signed-in member; null when signed out. */
export async function pullDocs(db: ClubDb, transport: Transport, doc: MetafieldDoc, now: number): Promise<PulledDocs | null> {
  const session = await readSession(db);
  if (!session) return null;
  const docs: PulledDocs['docs'] = [];
  for (const variant of ['glo', 'ogo'] as const) {
    const customerId = session.customerIds[variant];
    if (customerId) docs.push({ variant, base: await fetchBase(transport, { variant, customerId }, doc, now) });
  }
  return { docs };
}

/**
 * Stores what was pulled as the base of each account and rebuilds the local copy on it with the
 * changes still waiting, so another device's changes show here even while this one has its own
 * queued. A server that gives no revisions cannot say which is newer: then a variant with changes
 * waiting, or whose base moved while the pull was in flight, keeps what it has.
 */
export async function writePulledDocs(
  db: ClubDb,
  doc: MetafieldDoc,
  pulled: PulledDocs,
  waiting: (variant: Variant) => Promise<number>,
  rebuild: (variant: Variant) => Promise<void>,
): Promise<void> {
  for (const { variant, base } of pulled.docs) {
    if (base.revision === null) {
      const stored = await getBase(db, variant, doc);
      if ((await waiting(variant)) > 0 || (stored && stored.at > base.at)) continue;
    }
    if (await setBase(db, variant, doc, base)) await rebuild(variant);
  }
}
