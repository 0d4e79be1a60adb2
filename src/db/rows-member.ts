import type { Variant } from './rows-catalogue';

/** XP balance of one variant (spec §3 "Balance: number"). */
export interface XpBalanceRow {
  variant: Variant;
  balance: number;
  fetchedAt: number;
}

/** One XP history transaction (spec §3 "Bonus history"). */
export interface XpHistoryRow {
  variant: Variant;
  id: number;
  amount: number;
  title: string;
  createdAt: string;
}

/**
 * A scan made on this device (spec §3 "Scan"). `state` is local: queued while its outbox entry
 * waits, then accepted or rejected by the server.
 */
export interface ScanRow {
  /** The scanned code (GUID form, spec §5). */
  code: string;
  variant: Variant;
  state: 'queued' | 'accepted' | 'rejected';
  scannedAt: number;
  coinCount: number | null;
  message: string | null;
}

/** A server-side scan history line (spec §7 scan/get-history). */
export interface ScanHistoryRow {
  variant: Variant;
  id: string;
  code: string;
  createdAt: string;
  coins: number;
}

/** A registered device (spec §7 get-devices, `data.asset`). */
export interface DeviceRow {
  variant: Variant;
  id: string;
  title: string;
  serial: string;
  registeredAt: string | null;
}

/** A partner gift certificate of the member (spec §7 cert/get-cert-list). */
export interface CertificateRow {
  id: string;
  variant: Variant;
  title: string;
  partner: string;
  amount: number;
  code: string | null;
  expiresAt: string | null;
}

/** A content page (rules, FAQ, vocabulary...; spec §7 content/get-page-by-id). */
export interface ContentPageRow {
  variant: Variant;
  id: string;
  bodyHtml: string;
  fetchedAt: number;
}

/** A news item (spec §2 /news, /news/{newsId}). */
export interface NewsRow {
  variant: Variant;
  id: string;
  title: string;
  /** The short text under the title in lists (absent in rows of older versions). */
  lead?: string;
  /** Server-built HTML; empty until the item itself is opened. */
  bodyHtml: string;
  image: string | null;
  publishedAt: string;
}
