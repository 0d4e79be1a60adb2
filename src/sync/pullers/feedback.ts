import { feedbackApi } from '../../api/groups/feedback';
import type { CallResponse } from '../../contract/define';
import type { feedbackGetList } from '../../contract/feedback';
import { kvSet, type KvValues } from '../../db/kv';
import type { Variant } from '../../db/rows-catalogue';
import { readSession } from '../auth/session';
import { FEEDBACK_DOCS } from '../programme/keys';

export { FEEDBACK_DOCS };
import { feedbackToken } from '../engine/tokens';
import { docPuller } from './doc';
import { FRESH_FOR } from './freshness';
import type { Puller } from './puller';

type Flags = KvValues['feedbackFlags'];

/**
 * Feedback per-brand flag (docs/rules.md#entities, docs/rules.md#constants: 30 min): which online orders of each shop can take
 * feedback. velo orders belong to the ogo shop record. A dead feedback token (401, docs/rules.md#error-reactions) is
 * cleared by the transport's reaction and the pull fails; the next pull asks for a new one.
 */
export const feedbackFlagsPuller: Puller<Flags> = {
  name: 'feedbackFlags',
  freshFor: FRESH_FOR.feedbackFlag,
  tables: [],
  async fetch({ db, transport, now }) {
    const session = await readSession(db);
    if (!session) return null;
    const api = feedbackApi(transport);
    const flags: Flags = {};
    for (const [shop, variant] of [
      ['glo', 'glo'],
      ['ogo', 'ogo'],
      ['velo', 'ogo'],
    ] as const) {
      const shopifyId = session.customerIds[variant];
      if (!shopifyId) continue;
      const r = await api.canWriteByOrder({ shop, token: await feedbackToken(db, transport, now()), shopifyId });
      flags[shop] = { showCan: r.showCan, canFeedback: r.canFeedback };
    }
    return flags;
  },
  write: (flags, db, now) => kvSet(db, 'feedbackFlags', flags, now),
};

/** In-store purchases that can take feedback (docs/rules.md#entities, docs/rules.md#constants offline orders flag: 30 min). */
export const offlineOrdersPuller: Puller<KvValues['offlineOrders']> = {
  name: 'offlineOrders',
  freshFor: FRESH_FOR.offlineOrders,
  tables: [],
  async fetch({ db, transport, now }) {
    if (!(await readSession(db))) return null;
    const r = await feedbackApi(transport).getOfflineOrders({ token: await feedbackToken(db, transport, now()) });
    return { showCan: r.showCan, orders: r.orders.map(({ items: _items, ...o }) => o) };
  },
  write: (value, db, now) => kvSet(db, 'offlineOrders', value, now),
};

/** Asks the store system to import in-store purchases, at most once a day (docs/rules.md#constants background import: 24 h). */
export const backgroundImportPuller: Puller<{ imported: number }> = {
  name: 'backgroundImport',
  freshFor: FRESH_FOR.backgroundImport,
  tables: [],
  async fetch({ db, transport, now }) {
    if (!(await readSession(db))) return null;
    const r = await feedbackApi(transport).importOrdersInBackground({
      token: await feedbackToken(db, transport, now()),
    });
    return { imported: r.imported };
  },
  // Nothing to store but the stamp: the purchases arrive through the offline-orders puller.
  write: async () => undefined,
};

export type FeedbackList = CallResponse<typeof feedbackGetList>;

/** The member's sent feedback: on each visit of /feedback, at most every minute. */
export function feedbackListPuller(variant: Variant): Puller<FeedbackList> {
  return docPuller({
    key: FEEDBACK_DOCS.list,
    variant,
    freshFor: 60_000,
    async fetch({ db, transport, now }) {
      if (!(await readSession(db))) return null;
      return feedbackApi(transport).getList({ token: await feedbackToken(db, transport, now()) });
    },
  });
}

/** A sent photo never changes: kept for a year once pulled (the bearer alone reads it). */
export function feedbackPhotoPuller(variant: Variant, photoId: number): Puller<string> {
  return docPuller({
    key: FEEDBACK_DOCS.photo(photoId),
    variant,
    freshFor: 365 * 86_400_000,
    async fetch({ db, transport }) {
      if (!(await readSession(db))) return null;
      const p = await feedbackApi(transport).getPhoto({ id: String(photoId) });
      return `data:${p.mime};base64,${p.data}`;
    },
  });
}
