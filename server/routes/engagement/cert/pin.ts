import type { Hono } from 'hono';
import { certPinEnterSms, certPinStore } from '../../../../src/contract/cert';
import type { AppEnv } from '../../../context';
import { unprocessable } from '../../../errors';
import { mount } from '../../../http/route';
import { newNumericCode, safeEqualHex } from '../../../security/tokens';
import { requireCertToken, waitError } from './access';
import { clientKey } from '../../../security/client-address';
import { takeSms } from '../../../security/sms-budget';
import {
  PIN_SMS_MAX_ATTEMPTS,
  PIN_SMS_RESEND_MS,
  PIN_SMS_TTL_MS,
  hashPin,
  isTooSimplePin,
  smsHash,
} from './pin-secrets';

/** 380501234567 -> +380 50 *** ** 67: enough to recognise the number, not to read it. */
function maskPhone(digits: string): string {
  return digits.length >= 12 ? `+${digits.slice(0, 3)} ${digits.slice(3, 5)} *** ** ${digits.slice(-2)}` : '***';
}

/** cert/pin/store and cert/pin/enter-sms: setting a PIN, confirmed by an SMS code. */
export function registerCertPin(app: Hono<AppEnv>): void {
  mount(app, certPinStore, async ({ input, member, deps, c }) => {
    await requireCertToken(deps, member, input.token);
    if (isTooSimplePin(input.code)) throw unprocessable('pin_too_simple', 'PIN занадто простий. Обери інші цифри');
    const now = deps.clock.now();
    const nowIso = now.toISOString();
    const code = newNumericCode(6);
    const values = {
      pending_hash: await hashPin(input.code),
      sms_hash: smsHash(member.id, code),
      sms_sent_at: nowIso,
      sms_expires_at: new Date(now.getTime() + PIN_SMS_TTL_MS).toISOString(),
      sms_attempts: 0,
      updated_at: nowIso,
    };
    const resendBefore = new Date(now.getTime() - PIN_SMS_RESEND_MS).toISOString();
    // The same per-client and hourly SMS budget as every other code (security/sms-budget.ts),
    // taken before anything is stored, and given back when no SMS goes after all.
    const giveBack = await takeSms(deps, clientKey(c));
    // One conditional upsert: two requests at once cannot both pass the resend limit.
    const stored = await deps.db
      .insertInto('cert_pins')
      .values({ member_id: member.id, pin_hash: null, failed_attempts: 0, locked_until: null, ...values })
      .onConflict((oc) =>
        oc
          .column('member_id')
          .doUpdateSet(values)
          .where((eb) =>
            eb.or([eb('cert_pins.sms_sent_at', 'is', null), eb('cert_pins.sms_sent_at', '<=', resendBefore)]),
          ),
      )
      .returning('member_id')
      .executeTakeFirst();
    if (!stored) {
      await giveBack();
      const row = await deps.db
        .selectFrom('cert_pins')
        .select('sms_sent_at')
        .where('member_id', '=', member.id)
        .executeTakeFirst();
      const until = new Date(row?.sms_sent_at ?? nowIso).getTime() + PIN_SMS_RESEND_MS;
      throw waitError('sms_too_soon', until, now, 'Новий код можна запросити за хвилину');
    }
    try {
      await deps.sms.send(
        member.phone,
        `Код підтвердження PIN для сертифікатів: ${code}. Нікому його не повідомляй.`,
        code,
      );
    } catch (e) {
      await giveBack();
      throw e;
    }
    return { status: 'sms_sent' as const, phone: maskPhone(member.phone), expires_at: values.sms_expires_at };
  });

  mount(app, certPinEnterSms, async ({ input, member, deps }) => {
    await requireCertToken(deps, member, input.token);
    const now = deps.clock.now();
    const db = deps.db;
    const row = await db.selectFrom('cert_pins').selectAll().where('member_id', '=', member.id).executeTakeFirst();
    const missing = () => unprocessable('pin_sms_missing', 'Код більше не дійсний. Задай PIN ще раз');
    if (!row?.sms_hash || !row.pending_hash) throw missing();
    if (!row.sms_expires_at || row.sms_expires_at <= now.toISOString()) {
      throw unprocessable('sms_code_expired', 'Код застарів. Задай PIN ще раз');
    }
    // Take an attempt before comparing, so parallel guesses cannot exceed the limit.
    const taken = await db
      .updateTable('cert_pins')
      .set((eb) => ({ sms_attempts: eb('sms_attempts', '+', 1) }))
      .where('member_id', '=', member.id)
      .where('sms_hash', '=', row.sms_hash)
      .where('sms_attempts', '<', PIN_SMS_MAX_ATTEMPTS)
      .returning('sms_attempts')
      .executeTakeFirst();
    if (!taken) throw missing();
    if (!safeEqualHex(smsHash(member.id, input.code), row.sms_hash)) {
      const left = PIN_SMS_MAX_ATTEMPTS - taken.sms_attempts;
      if (left <= 0) {
        await db
          .updateTable('cert_pins')
          .set({ sms_hash: null, pending_hash: null, sms_expires_at: null })
          .where('member_id', '=', member.id)
          .where('sms_hash', '=', row.sms_hash)
          .execute();
      }
      throw unprocessable(
        'sms_code_invalid',
        left > 0 ? `Невірний код. Залишилось спроб: ${left}` : 'Невірний код. Задай PIN ще раз',
      );
    }
    const done = await db
      .updateTable('cert_pins')
      .set({
        pin_hash: row.pending_hash,
        pending_hash: null,
        sms_hash: null,
        sms_expires_at: null,
        sms_attempts: 0,
        failed_attempts: 0,
        locked_until: null,
        updated_at: now.toISOString(),
      })
      .where('member_id', '=', member.id)
      .where('sms_hash', '=', row.sms_hash)
      .returning('member_id')
      .executeTakeFirst();
    if (!done) throw missing();
    // A new PIN ends what the old one opened.
    await db.deleteFrom('cert_pin_tokens').where('member_id', '=', member.id).execute();
    return { status: 'active' as const };
  });
}
