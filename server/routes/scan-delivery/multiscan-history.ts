import type { Hono } from 'hono';
import { MULTISCAN_HISTORY_PAGE, multiscanHistory, type MultiscanPhoto } from '../../../src/contract/scan';
import type { AppEnv } from '../../context';
import { mount } from '../../http/route';
import { findCustomer, variantOf } from '../../members';

type Codes = MultiscanPhoto['codes'];

function codesOf(json: string): Codes {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? (v as Codes) : [];
  } catch {
    return [];
  }
}

/** mapi/multiscan/get-history: the photos multiscan/load read for the member's record of the variant, newest first. */
export function registerMultiscanHistory(app: Hono<AppEnv>): void {
  mount(app, multiscanHistory, async ({ input, member, deps }) => {
    const offset = input.offset ?? 0;
    const customer = await findCustomer(deps.db, member.id, variantOf(input.ogo));
    if (!customer) return { photos: [], total: 0, nextOffset: null };
    const mine = deps.db.selectFrom('multiscan_photos').where('customer_id', '=', customer.id);
    const counted = await mine.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    const total = Number(counted?.n ?? 0);
    const rows = await mine
      .select(['id', 'created_at', 'found', 'awarded', 'xp_total', 'codes'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(MULTISCAN_HISTORY_PAGE)
      .offset(offset)
      .execute();
    const photos = rows.map((r) => ({
      id: r.id,
      created_at: r.created_at,
      found: r.found,
      awarded: r.awarded,
      xp_total: r.xp_total,
      codes: codesOf(r.codes),
    }));
    const next = offset + rows.length;
    return { photos, total, nextOffset: next < total ? next : null };
  });
}
