import { randomUUID } from 'node:crypto';
import jpeg from 'jpeg-js';
import { ensureMgmCode } from '../../server/routes/engagement/invite/codes';
import { printCodes } from '../server/scan-delivery/support';
import type { KitServer } from './server';
import type { KitMember } from './server-state';

// What the shop floor and the back office put on the server for a scenario: printed codes, boxed
// devices, a delivery, a purchase in a store. Straight into its database, as they would be.

/** A small JPEG photo (as a phone's camera would give, resized), a different colour for each `i`. */
export function jpegPhoto(i = 0): Uint8Array<ArrayBuffer> {
  const width = 16;
  const height = 16;
  const data = Buffer.alloc(width * height * 4);
  for (let p = 0; p < width * height; p += 1) data.set([(40 * i + 90) % 256, 120, 200, 255], p * 4);
  return new Uint8Array(jpeg.encode({ data, width, height }, 80).data);
}

/** `n` fresh codes printed on packs of `variant`, each worth `xp`. */
export async function printedCodes(
  s: KitServer,
  n: number,
  opts: { variant?: 'glo' | 'ogo'; xp?: number } = {},
): Promise<string[]> {
  const codes = Array.from({ length: n }, () => randomUUID());
  await printCodes(
    s.current,
    codes.map((code) => ({ code, variant: opts.variant ?? 'glo', xp: opts.xp ?? 10 })),
  );
  return codes;
}

/** `n` genuine device serials of `variant` nobody has registered: a new batch in the manufacturer's registry. */
export async function freeSerials(s: KitServer, n: number, variant: 'glo' | 'ogo' = 'glo'): Promise<string[]> {
  const t = s.current;
  const serials = Array.from({ length: n }, () => `KIT${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`);
  const now = t.clock.now().toISOString();
  await t.deps.db
    .insertInto('device_registry')
    .values(serials.map((serial) => ({ serial, model: 'Пристрій Плюс', variant, source: 'kit', created_at: now })))
    .execute();
  return serials;
}

/** The carrier delivered an order: it can take feedback now. */
export async function deliver(s: KitServer, orderId: number): Promise<void> {
  await s.current.deps.db
    .updateTable('orders')
    .set({ fulfillment_status: 'fulfilled' })
    .where('id', '=', orderId)
    .execute();
}

/** A purchase of `m` in a brand store, imported from the till: it can take in-store feedback. Its id. */
export async function storePurchase(s: KitServer, m: KitMember): Promise<number> {
  const t = s.current;
  const now = t.clock.now().toISOString();
  const row = await t.deps.db
    .insertInto('feedback_offline_purchases')
    .values({
      member_id: m.id,
      store_name: 'glo studio',
      store_address: 'Київ, вул. Хрещатик, 22',
      purchased_at: now,
      items: '[]',
      total: 45_900,
      external_ref: randomUUID(),
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A certificate the /certificates screen offers: the first partner's cheapest nominal and its XP price. */
export async function certificateOffer(s: KitServer): Promise<{ partnerId: number; nominal: number; xpPrice: number }> {
  const r = await s.current.deps.db
    .selectFrom('cert_nominals as n')
    .innerJoin('cert_partners as p', 'p.id', 'n.partner_id')
    .select(['n.partner_id', 'n.nominal', 'n.xp_price'])
    .where('p.active', '=', 1)
    .orderBy('n.xp_price')
    .executeTakeFirstOrThrow();
  return { partnerId: r.partner_id, nominal: r.nominal, xpPrice: r.xp_price };
}

/** The member's invite code (REW-…), as /invite-friend shows it. */
export function friendCode(s: KitServer, m: KitMember): Promise<string> {
  return ensureMgmCode(s.current.deps.db, m.id);
}
