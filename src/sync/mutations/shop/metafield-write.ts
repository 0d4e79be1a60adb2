import { createMetafields } from '../../../contract/user';
import type { ClubDb } from '../../../db/database';
import type { MetafieldBase } from '../../../db/kv';
import type { Variant } from '../../../db/rows-catalogue';
import type { OutboxEntry } from '../../../db/rows-sync';
import { PreparedRequest, type MutationKind } from '../../engine/registry';
import {
  baseForWrite,
  baseOf,
  dropBase,
  isRevisionConflict,
  MAX_CONFLICTS,
  preconditionOf,
  setBase,
  type MetafieldDoc,
} from './metafield-base';

/** The parts of a mutation kind that {@link metafieldWrite} gives; the kind adds its name, words and tables. */
export type MetafieldWrite<P> = Pick<
  MutationKind<P, typeof createMetafields>,
  'call' | 'buildRequest' | 'refreshOn' | 'maxRefreshes' | 'onRefresh' | 'apply' | 'undo' | 'redo'
>;

/** Recomputes a variant's local rows from the server's value and the entries still waiting. */
export type RebuildLocal<P> = (
  db: ClubDb,
  variant: Variant,
  opts?: { refused?: OutboxEntry<P>; except?: string },
) => Promise<void>;

/**
 * How a queued change of one whole-value metafield (favourites, the cart) is sent and settled:
 * the value `valueOf` makes of what the server holds, written on its revision (rebuilt on the new
 * value after a 412); the answer stored as the new base; the local rows rebuilt by `rebuild`
 * (without the answered entry, without the refused one, or with a retried one again).
 */
export function metafieldWrite<P>(
  doc: MetafieldDoc,
  valueOf: (base: MetafieldBase, payload: P) => string,
  rebuild: RebuildLocal<P>,
): MetafieldWrite<P> {
  return {
    call: createMetafields,
    async buildRequest(entry, ctx) {
      const base = await baseForWrite(ctx, entry.account, doc);
      const body = {
        namespace: doc.namespace,
        key: doc.key,
        type: 'json' as const,
        value: valueOf(base, entry.payload),
        shopifyId: entry.account.customerId,
        ...(entry.account.variant === 'ogo' ? { ogo: true } : {}),
      };
      return new PreparedRequest(body, preconditionOf(base));
    },
    refreshOn: isRevisionConflict,
    maxRefreshes: MAX_CONFLICTS,
    async onRefresh(entry, db) {
      await dropBase(db, entry.account.variant, doc);
    },
    async apply(answer, entry, db) {
      await setBase(db, entry.account.variant, doc, baseOf(answer.metafield, Date.now()));
      await rebuild(db, entry.account.variant, { except: entry.id });
    },
    async undo(entry, db) {
      await rebuild(db, entry.account.variant, { refused: entry });
    },
    async redo(entry, db) {
      await rebuild(db, entry.account.variant);
    },
  };
}
