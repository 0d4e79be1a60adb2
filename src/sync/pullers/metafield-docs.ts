import type { Transport } from '../../api/transport';
import { userApi } from '../../api/groups/user';
import type { ClubDb } from '../../db/database';
import type { MetafieldBase } from '../../db/kv';
import type { Variant } from '../../db/rows-catalogue';
import { baseOf, getBase, setBase, type MetafieldDoc } from '../mutations/shop/metafield-base';
import { readSession } from '../auth/session';

/** A whole-value metafield the device mirrors: how many of its changes wait, and how to rebuild it locally. */
export interface MirroredDoc {
  doc: MetafieldDoc;
  waiting(db: ClubDb, variant: Variant): Promise<number>;
  /** Local copy = the stored base + the changes still waiting. */
  rebuild(db: ClubDb, variant: Variant): Promise<void>;
}

/** What one pull read: each doc of each of the member's accounts. */
export interface PulledDocs {
  docs: Array<{ variant: Variant; key: string; base: MetafieldBase }>;
}

const keyOf = (d: MetafieldDoc) => `${d.namespace}/${d.key}`;

/** Reads the docs from every account of the signed-in member, one get-metafields each; null when signed out. */
export async function pullDocs(
  db: ClubDb,
  transport: Transport,
  docs: readonly MirroredDoc[],
  now: number,
): Promise<PulledDocs | null> {
  const session = await readSession(db);
  if (!session) return null;
  const out: PulledDocs['docs'] = [];
  for (const variant of ['glo', 'ogo'] as const) {
    const id = session.customerIds[variant];
    if (!id) continue;
    const { metafields } = await userApi(transport).getMetafields(variant === 'ogo' ? { id, ogo: true } : { id });
    for (const { doc } of docs) {
      const found = metafields.find((f) => f.namespace === doc.namespace && f.key === doc.key);
      out.push({ variant, key: keyOf(doc), base: found ? baseOf(found, now) : { value: null, revision: 0, at: now } });
    }
  }
  return { docs: out };
}

/**
 * Stores what was pulled as the base of each doc and account, and rebuilds the local copy on it
 * with the changes still waiting, so another device's changes show here even while this one has
 * its own queued. A server that gives no revisions cannot say which is newer: then a doc with
 * changes waiting, or whose base moved while the pull was in flight, keeps what it has.
 */
export async function writePulledDocs(db: ClubDb, docs: readonly MirroredDoc[], pulled: PulledDocs): Promise<void> {
  for (const { variant, key, base } of pulled.docs) {
    const m = docs.find((d) => keyOf(d.doc) === key);
    if (!m) continue;
    if (base.revision === null) {
      const stored = await getBase(db, variant, m.doc);
      if ((await m.waiting(db, variant)) > 0 || (stored && stored.at > base.at)) continue;
    }
    if (await setBase(db, variant, m.doc, base)) await m.rebuild(db, variant);
  }
}
