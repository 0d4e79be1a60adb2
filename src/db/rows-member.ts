import type { Variant } from './rows-catalogue';

/** XP balance of one variant (docs/rules.md#entities "Balance: number"). */
export interface XpBalanceRow {
  variant: Variant;
  balance: number;
  fetchedAt: number;
}

/** One XP history transaction (docs/rules.md#entities "Bonus history"). */
export interface XpHistoryRow {
  variant: Variant;
  id: number;
  amount: number;
  title: string;
  createdAt: string;
}

/**
 * A code scanned or typed on this device (docs/rules.md#entities "Scan"). `waiting` while its
 * outbox entry waits (shown as "sent" while the request is out), then `credited` with its XP or
 * `refused` with the server's reason. Keyed by the code, lower case: the same code is one row.
 */
export interface ScanRow {
  /** The scanned code (GUID form, docs/rules.md#validation), lower case. */
  code: string;
  variant: Variant;
  state: 'waiting' | 'credited' | 'refused';
  /** Epoch ms. */
  scannedAt: number;
  /** How it was read: the camera, typed by hand, or found in a multi-scan photo. */
  via: 'camera' | 'manual' | 'photo';
  /** XP it earned, once credited. */
  xp: number | null;
  product: string | null;
  /** The server's reason when refused. */
  message: string | null;
  /** The outbox entry that carries it (null once credited through a photo). */
  entryId: string | null;
}

/** A line of the server's scan history (docs/api.md#scan scan/get-history), pulled a page at a time. */
export interface ScanHistoryRow {
  variant: Variant;
  /** The server's id, as text. */
  id: string;
  code: string;
  /** ISO UTC. */
  createdAt: string;
  coins: number;
  product: string;
  source: 'single' | 'multi';
}

/**
 * A device of the member (docs/api.md#shop get-devices, `data.asset`): `registered` as the server lists
 * it, or one registered on this device that is `waiting` to be sent or was `refused`.
 */
export interface DeviceRow {
  variant: Variant;
  /** The server's id as text; `serial:<SERIAL>` while waiting or refused. */
  id: string;
  title: string;
  serial: string;
  registeredAt: string | null;
  state: 'registered' | 'waiting' | 'refused';
  /** The server's reason when refused. */
  message: string | null;
  /** XP the registration earned (only known right after it was sent from this device). */
  awarded: number | null;
}

/** A partner gift certificate of the member (docs/api.md#certificates cert/get-cert-list). */
export interface CertificateRow {
  id: string;
  variant: Variant;
  title: string;
  partner: string;
  amount: number;
  code: string | null;
  expiresAt: string | null;
}

/** A content page (rules, FAQ, vocabulary...; docs/api.md#content content/get-page-by-id). */
export interface ContentPageRow {
  variant: Variant;
  id: string;
  bodyHtml: string;
  fetchedAt: number;
}

/** A news item (docs/rules.md#screens /news, /news/{newsId}). */
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
