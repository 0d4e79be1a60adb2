import { getBonusHistory } from '../../contract/shop-member';
import type { ServerXpLine } from '../../domain/xp/ledger';
import type { ScanVariant } from '../mutations/scan/shared';
import { readSession } from '../auth/session';
import type { Puller } from './puller';

/** The XP history of a variant as get-bonus-history answers it, kept whole in `docs` as `bonus-history`. */
export interface BonusHistory {
  transactions: ServerXpLine[];
  summary: { earned: number; spent: number; balance: number; count: number };
  /** Credits owed, not made yet (a friend's order not paid or handed over). */
  pending?: Array<{ id: number; amount: number; reason: string; title: string; created_at: string }>;
}

/** /history-bonuses (docs/api.md#shop get-bonus-history): transactions and summary, readable offline; the balance with them. */
export function bonusHistoryPuller(variant: ScanVariant): Puller<BonusHistory> {
  return {
    name: `doc:${variant}:bonus-history`,
    freshFor: 5 * 60_000,
    tables: ['docs', 'xpBalance'],
    async fetch({ db, transport }) {
      if (!(await readSession(db))) return null;
      return transport.send(getBonusHistory, { shop: variant });
    },
    async write(value, db, now) {
      await db.docs.put({ variant, key: 'bonus-history', value, fetchedAt: now });
      await db.xpBalance.put({ variant, balance: value.summary.balance, fetchedAt: now });
    },
  };
}
