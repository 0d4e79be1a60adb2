import type { Generated } from 'kysely';

/**
 * Partner gift certificates (docs/rules.md#entities "Certificates") and feedback on online and in-store
 * purchases (docs/rules.md#entities "Feedback"). Times are ISO strings, booleans 0/1, binary data in a
 * blob (SQLite) or bytea (PostgreSQL) column.
 */

/** A partner of the certificate service (a shop, an operator...), in one of the categories (docs/rules.md#entities). */
export interface CertPartnersTable {
  id: Generated<number>;
  /** One of the category ids (docs/rules.md#entities: 1, 2, 4, 5, 6, 7). */
  category_id: number;
  name: string;
  description: string;
  /** Brand colour of the generated wordmark logo, '#rrggbb'. */
  color: string;
  /** Prefix of the certificate codes this partner issues, e.g. 'ROZ'. */
  code_prefix: string;
  active: number;
  sort: number;
}

/** What a partner sells: a nominal in whole hryvnias and its price in XP, set by the server. */
export interface CertNominalsTable {
  id: Generated<number>;
  partner_id: number;
  /** Face value, whole UAH. */
  nominal: number;
  /** Price in XP. */
  xp_price: number;
}

/** A member's registration with the partner certificate service (cert/regist). */
export interface CertAccountsTable {
  id: Generated<number>;
  member_id: number;
  /** Id the partner service gave the account. */
  external_id: string;
  email: string;
  first_name: string;
  last_name: string;
  registered_at: string;
  updated_at: string;
}

export type CertStatus = 'active' | 'used' | 'expired';

/** A certificate bought with XP. The code is shown only after the PIN check. */
export interface CertCertificatesTable {
  id: Generated<number>;
  member_id: number;
  /** The shop record whose XP paid for it. */
  customer_id: number;
  partner_id: number;
  nominal: number;
  xp_price: number;
  code: string;
  external_id: string;
  status: CertStatus;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/**
 * The certificate PIN of a member. A new PIN waits in `pending_hash` until the SMS code
 * confirms it; only then does it replace `pin_hash`.
 */
export interface CertPinsTable {
  member_id: number;
  /** scrypt hash of the confirmed PIN, or null before the first confirmation. */
  pin_hash: string | null;
  pending_hash: string | null;
  /** sha256 of the SMS code confirming `pending_hash`. */
  sms_hash: string | null;
  sms_sent_at: string | null;
  sms_expires_at: string | null;
  sms_attempts: number;
  /** Wrong PINs since the last right one; at the limit the PIN locks until `locked_until`. */
  failed_attempts: number;
  locked_until: string | null;
  updated_at: string;
}

/** Short-lived tokens from pin/token that reveal certificate codes; only hashes are stored. */
export interface CertPinTokensTable {
  token_hash: string;
  member_id: number;
  created_at: string;
  expires_at: string;
}

/** An in-store purchase of the member (offline orders of docs/rules.md#entities "Feedback"). */
export interface FeedbackOfflinePurchasesTable {
  id: Generated<number>;
  member_id: number;
  store_name: string;
  store_address: string;
  purchased_at: string;
  /** JSON array of { title, quantity, price } with price in kopiykas. */
  items: string;
  /** Kopiykas. */
  total: number;
  /** Receipt id of the import source; unique per member so a repeated import adds nothing. */
  external_ref: string;
  created_at: string;
  /** The brand whose store it was bought in (the variant whose /feedback offers it); 'glo' by default. */
  brand: Generated<'glo' | 'ogo'>;
}

/** One feedback: on an online order (`order_id`) or on an in-store purchase (`offline_purchase_id`). */
export interface FeedbackEntriesTable {
  id: Generated<number>;
  member_id: number;
  kind: 'online' | 'offline';
  /** 'glo' | 'ogo' | 'velo' for online feedback, 'offline' otherwise. */
  shop: string;
  order_id: number | null;
  offline_purchase_id: number | null;
  rating: number;
  text: string;
  /** Contact phone given with in-store feedback, digits. */
  phone: string | null;
  created_at: string;
}

export interface FeedbackPhotosTable {
  id: Generated<number>;
  feedback_id: number;
  /** 'image/jpeg' | 'image/png' | 'image/webp', from the file's magic bytes. */
  mime: string;
  /** Bytes. */
  size: number;
  data: Uint8Array;
  created_at: string;
}

export interface CertFeedbackTables {
  cert_partners: CertPartnersTable;
  cert_nominals: CertNominalsTable;
  cert_accounts: CertAccountsTable;
  cert_certificates: CertCertificatesTable;
  cert_pins: CertPinsTable;
  cert_pin_tokens: CertPinTokensTable;
  feedback_offline_purchases: FeedbackOfflinePurchasesTable;
  feedback_entries: FeedbackEntriesTable;
  feedback_photos: FeedbackPhotosTable;
}
