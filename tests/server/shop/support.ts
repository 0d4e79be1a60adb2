import { seedCatalogue } from '../../../server/seed/shop-catalogue';
import { createMember, type TestMember } from '../../support/members';
import { makeTestServer, type TestServer } from '../../support/server';

export { balanceOf } from '../../support/members';

/** A server with the demo catalogue (no demo members): most shop tests start here. */
export async function withCatalogue(s: TestServer): Promise<void> {
  await seedCatalogue(s.deps);
}

/** A fresh test server with the demo catalogue and one member, for a file's `beforeAll`. */
export async function catalogueWithMember(): Promise<{ s: TestServer; m: TestMember }> {
  const s = await makeTestServer();
  await withCatalogue(s);
  return { s, m: await createMember(s) };
}

export interface CatalogueItem {
  id: number;
  variant_id: number;
  price: number;
  xp_price: number | null;
  title: string;
}

/** A create-order file's server: fresh, with the demo catalogue, and the products it names (by sku) read from it. */
export async function catalogueServer<K extends string>(
  skus: Record<K, string>,
): Promise<{ s: TestServer } & Record<K, CatalogueItem>> {
  const s = await makeTestServer();
  await withCatalogue(s);
  const items = {} as Record<K, CatalogueItem>;
  for (const key of Object.keys(skus) as K[]) items[key] = await product(s, skus[key]);
  return { ...items, s };
}

/** A seeded product by its sku, e.g. 'sticks-amber-20'; prices in kopiykas as stored. */
export async function product(s: TestServer, sku: string): Promise<CatalogueItem> {
  return s.deps.db
    .selectFrom('products')
    .select(['id', 'variant_id', 'price', 'xp_price', 'title'])
    .where('sku', '=', sku)
    .executeTakeFirstOrThrow();
}

export const KYIV_BRANCH = { method: 1, city: 'Київ', branch: 'Відділення №12: вул. Хрещатик, 22' } as const;
export const KYIV_IPOST = { method: 3, city: 'Київ', street: 'вул. Велика Васильківська, 72', flat: '15' } as const;

/** A create-order body the way the app sends it. */
export function orderBody(
  lines: ReadonlyArray<{ variant_id: number; quantity?: number; price?: number | string }>,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    order: {
      line_items: lines.map((l) => ({
        quantity: l.quantity ?? 1,
        variant_id: l.variant_id,
        ...(l.price !== undefined ? { price: l.price } : {}),
      })),
    },
    delivery: KYIV_BRANCH,
    ...extra,
  };
}

export function placeOrder(s: TestServer, m: TestMember, body: unknown, idem?: string) {
  return s.call('POST', '/api/api-shop/create-order', { body, token: m.token, idem });
}

export async function ordersOf(s: TestServer, customerId: number) {
  return s.deps.db.selectFrom('orders').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();
}

export async function ledgerOf(s: TestServer, customerId: number) {
  return s.deps.db.selectFrom('xp_ledger').selectAll().where('customer_id', '=', customerId).orderBy('id').execute();
}

export async function customerRow(s: TestServer, customerId: number) {
  return s.deps.db.selectFrom('customers').selectAll().where('id', '=', customerId).executeTakeFirstOrThrow();
}
