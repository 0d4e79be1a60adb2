/**
 * Every store and version of the local database, in one place. A new version adds its stores
 * string here and, when old rows need reshaping, an upgrade function; versions are never edited
 * once released, because devices keep databases for months.
 */
import type { Transaction } from 'dexie';
import type { Account, OutboxEntry, OutboxError } from './rows-sync';
import type { Variant } from './rows-catalogue';

export { DB_NAME } from './name';

/** Version 1: catalogue, carts, favourites, a first outbox, the key-value store. */
export const STORES_V1 = {
  kv: 'key',
  products: '[variant+id], [variant+collectionId], [variant+category]',
  collections: '[variant+id], variant',
  cart: '[variant+variantId], variant',
  favourites: '[variant+productId], variant',
  outbox: 'id, &seq, state',
} as const;

/**
 * Version 2: member data (orders, XP, scans, devices, certificates, content, news), the
 * outbox with account, attempts and backoff, and collections holding their whole product list.
 */
export const STORES_V2 = {
  ...STORES_V1,
  collections: '[variant+id], variant, [variant+category]',
  orders: '[variant+id], variant, clientKey',
  xpBalance: 'variant',
  xpHistory: '[variant+id], variant',
  scans: 'code, variant, state',
  scanHistory: '[variant+id], variant',
  devices: '[variant+id], variant',
  certificates: 'id, variant',
  contentPages: '[variant+id]',
  news: '[variant+id], variant',
  outbox: 'id, &seq, state, nextAttemptAt, kind',
} as const;

/**
 * Version 3: same stores; products gain `variantId`, `description` and `available`,
 * cart lines keep a display snapshot (title, subtitle, image, category). See `upgradeToV3`.
 */
export const STORES_V3 = { ...STORES_V2 } as const;

/**
 * Version 4 (current): server documents kept for reading offline (`docs`), and what the member
 * sent that waits or was refused: feedback, multi-scan photos, call-back requests. New stores
 * only, so no upgrade function.
 */
export const STORES_V4 = {
  ...STORES_V3,
  docs: '[variant+key], variant',
  feedback: 'id, variant, state',
  multiscans: 'id, variant, state',
  callBacks: 'id, variant, state',
} as const;

export const DB_VERSION = 4;

/** An outbox entry as version 1 stored it: no account, attempts or backoff; the error as text. */
export interface OutboxEntryV1 {
  id: string;
  seq: number;
  kind: string;
  payload: unknown;
  createdAt: number;
  state: 'pending' | 'sending' | 'failed';
  error?: string | null;
}

function accountFromSession(variant: unknown, ids: unknown): Account | null {
  const v: Variant = variant === 'ogo' || variant === 'velo' ? variant : 'glo';
  const customerId = ids && typeof ids === 'object' ? (ids as Partial<Record<Variant, unknown>>)[v] : undefined;
  return typeof customerId === 'number' ? { variant: v, customerId } : null;
}

/**
 * 1 -> 2: entries queued by version 1 belong to the account signed in at the time (the session's
 * variant and customer id); they keep their key and place, and start with no attempts counted.
 * Collections of version 1 held only product ids: they are kept, empty and stale, until pulled.
 */
export async function upgradeToV2(tx: Transaction): Promise<void> {
  const kv = tx.table('kv');
  const variant = (await kv.get('variant'))?.value;
  const ids = (await kv.get('customerIds'))?.value;
  const account = accountFromSession(variant, ids);
  await tx
    .table('outbox')
    .toCollection()
    .modify((row: OutboxEntryV1 & Partial<OutboxEntry>) => {
      const lastError: OutboxError | null = row.error
        ? { status: 0, code: 'legacy', message: row.error, at: row.createdAt }
        : null;
      row.account = account ?? { variant: 'glo', customerId: 0 };
      row.attempts = 0;
      row.nextAttemptAt = row.createdAt;
      row.lastError = lastError;
      delete row.error;
    });
  await tx
    .table('collections')
    .toCollection()
    .modify((row: { products?: unknown[]; productIds?: number[]; fetchedAt: number }) => {
      row.products ??= [];
      row.fetchedAt = 0;
      delete row.productIds;
    });
  await tx
    .table('cart')
    .toCollection()
    .modify((row: { addedAt?: number }) => {
      row.addedAt ??= 0;
    });
}

interface ProductV2 {
  id: number;
  variantId?: number;
  description?: string;
  available?: boolean;
}

function fillProductV3(p: ProductV2): void {
  p.variantId ??= p.id;
  p.description ??= '';
  p.available ??= true;
}

/**
 * 2 -> 3: products stored before get the new fields with safe defaults (variant id = product id,
 * no description, in stock) and their collections are marked stale so the next pull replaces
 * them; cart lines take their display snapshot from the stored product, when there is one.
 */
export async function upgradeToV3(tx: Transaction): Promise<void> {
  await tx
    .table('products')
    .toCollection()
    .modify((row: ProductV2) => fillProductV3(row));
  await tx
    .table('collections')
    .toCollection()
    .modify((row: { products: ProductV2[]; fetchedAt: number }) => {
      row.products.forEach(fillProductV3);
      row.fetchedAt = 0;
    });
  const products = tx.table('products');
  const lines: Array<{ variant: Variant; productId: number }> = await tx.table('cart').toArray();
  const known = new Map<string, { title?: string; subTitle?: string; image?: string | null; category?: string }>();
  for (const l of lines) {
    const p = (await products.get([l.variant, l.productId])) as
      { title?: string; subTitle?: string; image?: string | null; category?: string } | undefined;
    if (p) known.set(`${l.variant}:${l.productId}`, p);
  }
  await tx
    .table('cart')
    .toCollection()
    .modify(
      (row: {
        variant: Variant;
        productId: number;
        title?: string;
        subTitle?: string;
        image?: string | null;
        category?: string;
      }) => {
        const p = known.get(`${row.variant}:${row.productId}`);
        row.title ??= p?.title ?? '';
        row.subTitle ??= p?.subTitle ?? '';
        row.image ??= p?.image ?? null;
        row.category ??= p?.category ?? '';
      },
    );
}
