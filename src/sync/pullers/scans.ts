import { ApiCallError } from '../../api/errors';
import { getFullBalance, getScanCount, getScanHistory, getScanMessage, getScanPercent } from '../../contract/scan';
import { kyivMonthStart } from '../../domain/format/kyiv-time';
import { ogoOf, type ScanVariant } from '../mutations/scan/shared';
import { readSession } from '../auth/session';
import type { Puller } from './puller';
import { putPulledBalances, xpBalancesSeen, type BalancesSeen } from './xp-balances';

/** The scan screen's month in figures (docs/api.md#scan scan calls), kept in `docs` as `scan-stats`. */
export interface ScanStats {
  /** get-scan-count; null when its answer's code was not 200 (docs/rules.md#error-reactions: the error state). */
  count: number | null;
  countError: boolean;
  percent: number;
  goal: number;
  /** XP scans earned this month (docs/rules.md#entities coinMonth). */
  coinMonth: number;
  /** 'YYYY-MM-01'. */
  month: string;
  managerAdded: boolean;
  /** get-message. */
  message: string;
  /** get-full-balance. */
  balance: { glo: number; ogo: number; total: number };
}

/** get-history bookkeeping, kept in `docs` as `scan-history`; the lines go to `scanHistory`. */
export interface ScanHistoryMeta {
  total: number;
  /** XP of every scan of the variant (docs/rules.md#entities coinCount). */
  coinCount: number;
  /** Where the next page starts, null after the last. */
  nextOffset: number | null;
}

const STATS_FRESH_MS = 2 * 60_000;
const HISTORY_FRESH_MS = 60_000;

/**
 * The month's count, progress, full balance and message of a variant (four calls, one document);
 * the full balance also refreshes both stored XP balances. A get-scan-count answer whose code is
 * not 200 fails the contract check: it is kept as the error state (docs/rules.md#error-reactions), not as a number.
 */
export function scanStatsPuller(variant: ScanVariant): Puller<ScanStats & { xpSeen: BalancesSeen }> {
  return {
    name: `doc:${variant}:scan-stats`,
    freshFor: STATS_FRESH_MS,
    tables: ['docs', 'xpBalance'],
    async fetch({ db, transport, now }) {
      if (!(await readSession(db))) return null;
      const xpSeen = await xpBalancesSeen(db);
      const flag = ogoOf(variant);
      const query = variant === 'ogo' ? { ogo: 'true' as const } : {};
      let count: number | null = null;
      try {
        count = (await transport.send(getScanCount, { date_start: kyivMonthStart(new Date(now())), ...flag })).count;
      } catch (e) {
        // No answer: nothing to store. An answer that is not code 200: the error state (docs/rules.md#error-reactions).
        if (!(e instanceof ApiCallError) || e.kind === 'network') throw e;
      }
      const percent = await transport.send(getScanPercent, query);
      const balance = await transport.send(getFullBalance, {});
      const message = await transport.send(getScanMessage, query);
      return {
        count,
        countError: count === null,
        percent: percent.percent,
        goal: percent.goal,
        coinMonth: percent.coinMonth,
        month: percent.month,
        managerAdded: percent.managerAdded,
        message: message.message,
        balance,
        xpSeen,
      };
    },
    async write({ xpSeen, ...stats }, db, now) {
      await db.docs.put({ variant, key: 'scan-stats', value: stats, fetchedAt: now });
      await putPulledBalances(db, xpSeen, [
        { variant: 'glo', balance: stats.balance.glo, fetchedAt: now },
        { variant: 'ogo', balance: stats.balance.ogo, fetchedAt: now },
      ]);
    },
  };
}

interface HistoryPage {
  items: Awaited<ReturnType<typeof fetchPage>>['items'];
  meta: ScanHistoryMeta;
  offset: number;
}

function fetchPage(
  transport: Parameters<Puller<unknown>['fetch']>[0]['transport'],
  variant: ScanVariant,
  offset: number,
) {
  return transport.send(getScanHistory, { offset, ...ogoOf(variant) });
}

/**
 * One page of get-history (docs/api.md#scan, offset paging). The first page replaces what was pulled
 * before (offsets shift as new scans come in); a later page (`offset` = lines already kept)
 * is added to them.
 */
export function scanHistoryPuller(variant: ScanVariant, offset = 0): Puller<HistoryPage> {
  return {
    name: `doc:${variant}:scan-history${offset ? `:${offset}` : ''}`,
    freshFor: offset ? 0 : HISTORY_FRESH_MS,
    tables: ['docs', 'scanHistory'],
    async fetch({ db, transport }) {
      if (!(await readSession(db))) return null;
      const page = await fetchPage(transport, variant, offset);
      return {
        items: page.items,
        offset,
        meta: { total: page.total, coinCount: page.coinCount, nextOffset: page.nextOffset },
      };
    },
    async write(value, db, now) {
      if (value.offset === 0) await db.scanHistory.where('variant').equals(variant).delete();
      await db.scanHistory.bulkPut(
        value.items.map((i) => ({
          variant,
          id: String(i.id),
          code: i.uuid.toLowerCase(),
          createdAt: i.date,
          coins: i.xp,
          product: i.product,
          source: i.source,
        })),
      );
      await db.docs.put({ variant, key: 'scan-history', value: value.meta, fetchedAt: now });
    },
  };
}
