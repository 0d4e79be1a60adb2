import type { Product } from '../../../../src/contract/shop-catalogue';
import type { ProductRow } from '../../../../src/db/rows-catalogue';
import { productRow as storedRow } from '../../../../src/sync/pullers/catalogue';
import type { Reply, SeenRequest } from './fake-fetch';

/** A product as the server sends it (src/contract/shop-catalogue.ts). */
export function product(id: number, over: Partial<Product> = {}): Product {
  return {
    id,
    variant_id: id * 10,
    title: `Товар ${id}`,
    subTitle: 'Смак',
    description: `Опис ${id}`,
    price: 100 + id,
    bonuses: null,
    collectionId: 270101,
    category: 'sticks',
    quantity: 20,
    tags: [],
    image: `/media/products/${id}.svg`,
    available: true,
    ...over,
  };
}

/** The same product as the catalogue puller stores it. */
export function productRow(id: number, over: Partial<ProductRow> = {}): ProductRow {
  const p = product(id);
  return { ...storedRow('glo', p, p.category, 1), ...over };
}

type Handler = (req: SeenRequest, body: Record<string, unknown>) => Reply | Promise<Reply>;

/**
 * Metafields kept per customer as the reference server does: create replaces and bumps the
 * revision, honouring If-Match / If-None-Match (412 when another device wrote first); get lists
 * them with their revisions. `revisions: false` plays a server that implements docs/api.md#shop as written
 * (no revisions, preconditions ignored). `refuse(body, n)` returns a refusal instead of storing.
 */
export function metafieldServer(
  refuse?: (body: Record<string, unknown>, n: number) => Reply | null,
  opts: { revisions?: boolean } = {},
) {
  const numbered = opts.revisions ?? true;
  const store = new Map<string, { namespace: string; key: string; value: string; type: string; revision: number }>();
  let n = 0;
  const conflicts = { count: 0 };
  const shown = (m: { namespace: string; key: string; value: string; type: string; revision: number }, id: number) => {
    const { revision, ...rest } = m;
    return numbered ? { id, ...rest, revision } : { id, ...rest };
  };
  const handlers: Record<string, Handler> = {
    '/api/user/create-metafields': (r, b) => {
      const refusal = refuse?.(b, ++n);
      if (refusal) return refusal;
      const k = `${String(b.shopifyId)}:${String(b.namespace)}:${String(b.key)}`;
      const cur = store.get(k);
      if (numbered) {
        const ifMatch = r.headers['if-match'];
        const ifNone = r.headers['if-none-match'];
        const stale = (ifNone === '*' && cur) || (ifMatch !== undefined && (!cur || ifMatch !== `"${cur.revision}"`));
        if (stale) {
          conflicts.count += 1;
          return {
            status: 412,
            body: { error: { code: 'revision_conflict', message: 'Дані вже змінено на іншому пристрої' } },
          };
        }
      }
      const m = {
        namespace: String(b.namespace),
        key: String(b.key),
        value: String(b.value),
        type: String(b.type),
        revision: (cur?.revision ?? 0) + 1,
      };
      store.set(k, m);
      return { status: 200, body: { metafield: shown(m, 1) } };
    },
    '/api/user/get-metafields': (_r, b) => ({
      status: 200,
      body: {
        metafields: [...store.entries()]
          .filter(([k]) => k.startsWith(`${String(b.id)}:`))
          .map(([, m], i) => shown(m, i + 1)),
      },
    }),
  };
  return {
    handlers,
    conflicts,
    value: (customerId: number, key: string) => store.get(`${customerId}:pwa:${key}`)?.value ?? null,
    /** Another device's write: the value and a new revision. */
    set: (customerId: number, key: string, value: string) => {
      const k = `${customerId}:pwa:${key}`;
      store.set(k, { namespace: 'pwa', key, value, type: 'json', revision: (store.get(k)?.revision ?? 0) + 1 });
    },
  };
}
