import type { Db } from '../db/connect';
import type { Clock } from '../clock';

/** Sends a text message. The sandbox stores it; a real provider adapter would call out. */
export interface SmsSender {
  send(phone: string, text: string, code?: string): Promise<void>;
}

/**
 * Keeps every message in `sms_outbox`; outside production `/dev/sms-outbox` shows them. With
 * `keepCodes` false (production) a code is never stored in clear: the message keeps its text
 * with the code masked, as a delivery log would.
 */
export function sandboxSms(db: Db, clock: Clock, opts: { keepCodes: boolean } = { keepCodes: true }): SmsSender {
  return {
    async send(phone, text, code) {
      const stored = code && !opts.keepCodes ? text.split(code).join('••••••') : text;
      await db
        .insertInto('sms_outbox')
        .values({
          phone,
          text: stored,
          code: opts.keepCodes ? (code ?? null) : null,
          created_at: clock.now().toISOString(),
        })
        .execute();
    },
  };
}
