import type { Hono } from 'hono';
import { certPinToken } from '../../../../src/contract/cert';
import type { AppEnv } from '../../../context';
import { unprocessable } from '../../../errors';
import { mount } from '../../../http/route';
import { requireCertToken, waitError } from './access';
import { PIN_LOCK_MS, PIN_MAX_ATTEMPTS, issuePinToken, verifyPin } from './pin-secrets';

const pinLocked = (until: number, now: Date) =>
  waitError(
    'pin_locked',
    until,
    now,
    `Забагато невірних спроб. PIN заблоковано на ${Math.ceil((until - now.getTime()) / 60_000)} хв`,
  );

/** cert/pin/token: checks the PIN (5 wrong in a row lock it for 15 minutes) and answers a PIN token. */
export function registerCertPinCheck(app: Hono<AppEnv>): void {
  mount(app, certPinToken, async ({ input, member, deps }) => {
    await requireCertToken(deps, member, input.token);
    const now = deps.clock.now();
    const db = deps.db;
    const row = await db.selectFrom('cert_pins').selectAll().where('member_id', '=', member.id).executeTakeFirst();
    if (!row?.pin_hash) throw unprocessable('pin_not_set', 'Спочатку встанови PIN-код');
    if (row.locked_until) {
      if (row.locked_until > now.toISOString()) throw pinLocked(new Date(row.locked_until).getTime(), now);
      // The lock is over: start counting afresh (only one request wins the reset).
      await db
        .updateTable('cert_pins')
        .set({ failed_attempts: 0, locked_until: null })
        .where('member_id', '=', member.id)
        .where('locked_until', '=', row.locked_until)
        .execute();
    }
    // Take an attempt before checking, so parallel guesses cannot exceed the limit.
    const taken = await db
      .updateTable('cert_pins')
      .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
      .where('member_id', '=', member.id)
      .where('failed_attempts', '<', PIN_MAX_ATTEMPTS)
      .where('locked_until', 'is', null)
      .returning('failed_attempts')
      .executeTakeFirst();
    if (!taken) {
      const again = await db
        .selectFrom('cert_pins')
        .select('locked_until')
        .where('member_id', '=', member.id)
        .executeTakeFirst();
      throw pinLocked(again?.locked_until ? new Date(again.locked_until).getTime() : now.getTime() + PIN_LOCK_MS, now);
    }
    if (await verifyPin(input.code, row.pin_hash)) {
      await db.updateTable('cert_pins').set({ failed_attempts: 0 }).where('member_id', '=', member.id).execute();
      return issuePinToken(db, member.id, now);
    }
    if (taken.failed_attempts >= PIN_MAX_ATTEMPTS) {
      const until = now.getTime() + PIN_LOCK_MS;
      await db
        .updateTable('cert_pins')
        .set({ locked_until: new Date(until).toISOString() })
        .where('member_id', '=', member.id)
        .execute();
      throw pinLocked(until, now);
    }
    throw unprocessable('pin_invalid', `Невірний PIN. Залишилось спроб: ${PIN_MAX_ATTEMPTS - taken.failed_attempts}`);
  });
}
