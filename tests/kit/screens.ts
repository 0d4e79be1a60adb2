import type { ClubDb } from '../../src/db/database';
import type { ProductRow, Variant } from '../../src/db/rows-catalogue';
import { readSession } from '../../src/sync/auth/session';
import type { Phone } from './phone';

/**
 * What the screens show, read the way they read it from the phone's database (their live queries),
 * so a test sees what the member would. `variant` defaults to the active shop.
 */
export class Screens {
  constructor(private readonly p: Phone) {}

  private async variant(db: ClubDb, v?: Variant): Promise<Variant> {
    return v ?? (await readSession(db))?.variant ?? 'glo';
  }

  /** The XP balance home, /scanning, /history-bonuses, /certificates and /exchange show (null: not known yet). */
  balance(variant?: Variant): Promise<number | null> {
    return this.p.read(async (db) => (await db.xpBalance.get(await this.variant(db, variant)))?.balance ?? null);
  }

  /** The catalogue lists of a shop (one category, or all), as pulled to this phone. */
  products(variant?: Variant, category?: string): Promise<ProductRow[]> {
    return this.p.read(async (db) => {
      const v = await this.variant(db, variant);
      const rows = await db.collections.where('variant').equals(v).sortBy('id');
      const all = rows.filter((c) => !category || c.category === category).flatMap((c) => c.products);
      return [...new Map(all.map((x) => [x.id, x])).values()];
    });
  }

  /** /shop/cart: each line's product, variant id and count, oldest first. */
  cart(variant?: Variant): Promise<Array<{ title: string; variantId: number; count: number }>> {
    return this.p.read(async (db) =>
      (
        await db.cart
          .where('variant')
          .equals(await this.variant(db, variant))
          .sortBy('addedAt')
      ).map((l) => ({ title: l.title, variantId: l.variantId, count: l.count })),
    );
  }

  /** The hearts: favourite product ids, sorted. */
  favourites(variant?: Variant): Promise<number[]> {
    return this.p.read(async (db) =>
      (
        await db.favourites
          .where('variant')
          .equals(await this.variant(db, variant))
          .toArray()
      )
        .map((f) => f.productId)
        .sort((a, b) => a - b),
    );
  }

  /** /scanning's list: each code this phone scanned, where it stands and why (a refusal's reason). */
  scans(): Promise<Array<{ code: string; state: string; xp: number | null; message: string | null }>> {
    return this.p.read(async (db) =>
      (await db.scans.toArray())
        .sort((a, b) => a.scannedAt - b.scannedAt)
        .map((s) => ({ code: s.code, state: s.state, xp: s.xp, message: s.message })),
    );
  }

  /** /my-devices. */
  devices(variant?: Variant): Promise<Array<{ serial: string; state: string; message: string | null }>> {
    return this.p.read(async (db) =>
      (
        await db.devices
          .where('variant')
          .equals(await this.variant(db, variant))
          .toArray()
      ).map((d) => ({ serial: d.serial, state: d.state, message: d.message })),
    );
  }

  /** /profile/orders of a shop: the orders this phone knows. */
  orders(variant?: Variant): Promise<Array<{ id: number; number: string; total: number; status: string }>> {
    return this.p.read(async (db) =>
      (
        await db.orders
          .where('variant')
          .equals(await this.variant(db, variant))
          .toArray()
      ).map((o) => ({ id: o.id, number: o.orderNumber, total: o.total, status: o.financialStatus })),
    );
  }

  /** Call-back requests (/support and after an order) with where each stands. */
  callBacks(): Promise<Array<{ date: string; from: string; to: string; state: string; message: string | null }>> {
    return this.p.read(async (db) =>
      (await db.callBacks.toArray())
        .sort((a, b) => a.createdAt - b.createdAt)
        .map((c) => ({ date: c.date, from: c.from, to: c.to, state: c.state, message: c.message })),
    );
  }

  /** /feedback: what this phone sent, with where each stands. */
  feedback(): Promise<Array<{ orderId: number; source: string; state: string; message: string | null }>> {
    return this.p.read(async (db) =>
      (await db.feedback.toArray()).map((f) => ({
        orderId: f.orderId,
        source: f.source,
        state: f.state,
        message: f.message,
      })),
    );
  }

  /** Whether a member is signed in on this phone, and in which shop. */
  session(): Promise<{ phone: string | null; variant: Variant } | null> {
    return this.p.read(async (db) => {
      const s = await readSession(db);
      return s ? { phone: s.phone, variant: s.variant } : null;
    });
  }
}
