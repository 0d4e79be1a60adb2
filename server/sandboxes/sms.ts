import type { Db } from '../db/connect';
import type { Clock } from '../clock';

/** Sends a text message. The sandbox stores it; a real provider adapter would call out. */
export interface SmsSender {
  send(phone: string, text: string, code?: string): Promise<void>;
}

/** Keeps every message in `sms_outbox`; outside production `/dev/sms-outbox` shows them. */
export function sandboxSms(db: Db, clock: Clock): SmsSender {
  return {
    async send(phone, text, code) {
      await db
        .insertInto('sms_outbox')
        .values({ phone, text, code: code ?? null, created_at: clock.now().toISOString() })
        .execute();
    },
  };
}
