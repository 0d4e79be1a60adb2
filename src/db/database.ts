import { Dexie, type Table } from 'dexie';
import type { CartLineRow, CollectionRow, FavouriteRow, OrderRow, ProductRow, Variant } from './rows-catalogue';
import type {
  CertificateRow,
  ContentPageRow,
  DeviceRow,
  NewsRow,
  ScanHistoryRow,
  ScanRow,
  XpBalanceRow,
  XpHistoryRow,
} from './rows-member';
import type { DocRow } from './rows-docs';
import type { CallBackRow, FeedbackRow, MultiscanRow } from './rows-queued';
import type { KvRow, OutboxEntry } from './rows-sync';
import { DB_NAME, STORES_V1, STORES_V2, STORES_V3, STORES_V4, upgradeToV2, upgradeToV3 } from './schema';

/** The local database of the app: one typed table per store of `schema.ts`. */
export class ClubDb extends Dexie {
  kv!: Table<KvRow, string>;
  products!: Table<ProductRow, [Variant, number]>;
  collections!: Table<CollectionRow, [Variant, number]>;
  cart!: Table<CartLineRow, [Variant, number]>;
  favourites!: Table<FavouriteRow, [Variant, number]>;
  orders!: Table<OrderRow, [Variant, number]>;
  xpBalance!: Table<XpBalanceRow, Variant>;
  xpHistory!: Table<XpHistoryRow, [Variant, number]>;
  scans!: Table<ScanRow, string>;
  scanHistory!: Table<ScanHistoryRow, [Variant, string]>;
  devices!: Table<DeviceRow, [Variant, string]>;
  certificates!: Table<CertificateRow, string>;
  contentPages!: Table<ContentPageRow, [Variant, string]>;
  news!: Table<NewsRow, [Variant, string]>;
  outbox!: Table<OutboxEntry, string>;
  docs!: Table<DocRow, [Variant, string]>;
  feedback!: Table<FeedbackRow, string>;
  multiscans!: Table<MultiscanRow, string>;
  callBacks!: Table<CallBackRow, string>;

  /** @param name database name; tests and the benchmarks pass their own. Default `club`. */
  constructor(name: string = DB_NAME) {
    super(name);
    this.version(1).stores(STORES_V1);
    this.version(2).stores(STORES_V2).upgrade(upgradeToV2);
    this.version(3).stores(STORES_V3).upgrade(upgradeToV3);
    this.version(4).stores(STORES_V4);
  }
}

/** Names of the tables a mutation kind or a puller may touch inside its transaction. */
export type ClubTableName = keyof typeof STORES_V4;
