import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { multiscanLoad, MULTISCAN_MAX_IMAGE_BYTES } from '../../../src/contract/scan';
import { checkGuid } from '../../../src/domain/scan/guid';
import { normalizePhone, toUkrainianMobile } from '../../../src/domain/auth/phone';
import type { AppEnv } from '../../context';
import { errorJson, forbidden, unprocessable } from '../../errors';
import { mount } from '../../http/route';
import { ownedCustomer } from '../../members';
import { zxingReader, type BarcodeReader } from '../../sandboxes/barcode-reader';
import { claimCode } from './scan-claim';
import { refusalMessage } from './scan-messages';
import { imageTooLarge, photoPixels } from './multiscan-image';

/** Base64 grows bytes by 4/3; the JSON around the photo is small. */
const MAX_BODY_BYTES = Math.ceil((MULTISCAN_MAX_IMAGE_BYTES * 4) / 3) + 64 * 1024;

/**
 * mapi/multiscan/load: reads every QR and DataMatrix code in one photo on the server and
 * awards each valid unused one, all in one transaction, and records what it read (not the photo)
 * for the member's sent photos.
 */
export function registerMultiscan(app: Hono<AppEnv>, reader: BarcodeReader = zxingReader()): void {
  app.use(multiscanLoad.path, bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => errorJson(c, imageTooLarge()) }));

  mount(app, multiscanLoad, async ({ input, member, deps }) => {
    const customer = await ownedCustomer(deps.db, member, input.user_id);
    const phone = toUkrainianMobile(input.phone) ?? normalizePhone(input.phone);
    if (phone !== member.phone) throw forbidden('Номер телефону не збігається з твоїм', 'phone_mismatch');
    if (customer.variant !== 'glo' && customer.variant !== 'ogo') {
      throw unprocessable('variant_unsupported', 'Коди скануються в застосунку glo або ogo');
    }
    const found = await reader.readAll(photoPixels(input.image));
    if (found.length === 0) {
      throw unprocessable('no_codes', 'На фото не знайдено жодного коду. Сфотографуй коди ближче й при доброму світлі');
    }
    const now = deps.clock.now();
    return deps.db.transaction().execute(async (trx) => {
      const codes = [];
      let xpTotal = 0;
      let balance = customer.xp_balance;
      for (const f of found) {
        const check = checkGuid(f.text);
        if (!check.ok) {
          codes.push({
            uuid: f.text.slice(0, 200),
            format: f.format,
            outcome: 'invalid' as const,
            xp: 0,
            message: check.error,
          });
          continue;
        }
        const r = await claimCode(trx, { member, customer, code: check.value.toLowerCase(), via: 'multi', now });
        if (r.outcome === 'awarded') {
          xpTotal += r.xp;
          balance = r.balance;
          codes.push({
            uuid: f.text,
            format: f.format,
            outcome: 'awarded' as const,
            xp: r.xp,
            message: `+${r.xp} XP: ${r.item.product}`,
          });
        } else {
          const byYou = r.outcome === 'used' ? { byYou: r.byYou } : {};
          codes.push({
            uuid: f.text,
            format: f.format,
            outcome: r.outcome,
            xp: 0,
            ...byYou,
            message: refusalMessage(r),
          });
        }
      }
      if (xpTotal === 0) {
        const row = await trx
          .selectFrom('customers')
          .select('xp_balance')
          .where('id', '=', customer.id)
          .executeTakeFirstOrThrow();
        balance = row.xp_balance;
      }
      const awarded = codes.filter((c) => c.outcome === 'awarded').length;
      // Kept (without the photo) for the member's sent photos on any device: multiscan/get-history.
      const createdAt = now.toISOString();
      const photo = await trx
        .insertInto('multiscan_photos')
        .values({
          customer_id: customer.id,
          found: codes.length,
          awarded,
          xp_total: xpTotal,
          codes: JSON.stringify(codes),
          created_at: createdAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: photo.id, created_at: createdAt, codes, found: codes.length, awarded, xp_total: xpTotal, balance };
    });
  });
}
