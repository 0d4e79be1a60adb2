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
 * Metafields kept per customer as the server does (create replaces, get lists them), for
 * handlers of the harness's `api()`; `refuse(body)` returns a refusal instead of storing.
 */
export function metafieldServer(refuse?: (body: Record<string, unknown>, n: number) => Reply | null) {
  const store = new Map<string, { namespace: string; key: string; value: string; type: string }>();
  let n = 0;
  const handlers: Record<string, Handler> = {
    '/api/user/create-metafields': (_r, b) => {
      const refusal = refuse?.(b, ++n);
      if (refusal) return refusal;
      const m = { namespace: String(b.namespace), key: String(b.key), value: String(b.value), type: String(b.type) };
      store.set(`${String(b.shopifyId)}:${m.namespace}:${m.key}`, m);
      return { status: 200, body: { metafield: { id: 1, ...m } } };
    },
    '/api/user/get-metafields': (_r, b) => ({
      status: 200,
      body: {
        metafields: [...store.entries()].filter(([k]) => k.startsWith(`${String(b.id)}:`)).map(([, m], i) => ({ id: i + 1, ...m })),
      },
    }),
  };
  return {
    handlers,
    value: (customerId: number, key: string) => store.get(`${customerId}:pwa:${key}`)?.value ?? null,
    set: (customerId: number, key: string, value: string) => store.set(`${customerId}:pwa:${key}`, { namespace: 'pwa', key, value, type: 'json' }),
  };
}
