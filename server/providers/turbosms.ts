import { ApiError } from '../errors';
import type { SmsSender } from '../sandboxes/sms';

/**
 * TurboSMS (turbosms.ua) HTTP API: `POST {origin}/message/send.json` with
 * `Authorization: Bearer <token>` and `{ recipients: ["380…"], sms: { sender, text } }`. Every
 * valid request is answered 200 with `{ response_code, response_status, response_result }`; the
 * result holds one entry per recipient with its own code and status and, when accepted, a
 * `message_id`. Codes 0 and 800-803 are success (OK, accepted, sent, partly accepted/sent);
 * anything else is a refusal named by its status (e.g. INVALID_TOKEN, NOT_ENOUGH_CREDITS,
 * INVALID_SENDER, INVALID_PHONE), mapped here to a clear Ukrainian answer.
 */
export interface TurboSmsOptions {
  token: string;
  sender: string;
  /** API origin, https://api.turbosms.ua (a local fake in tests). */
  origin: string;
  /** How long to wait for the gateway, ms. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface TurboAnswer {
  response_code?: unknown;
  response_status?: unknown;
  response_result?: unknown;
}

const OK_CODES = new Set([0, 800, 801, 802, 803]);

const unavailable = (detail: string) => {
  console.error(`[sms] TurboSMS refused: ${detail}`);
  return new ApiError(
    503,
    'sms_unavailable',
    'Не вдалося надіслати SMS: сервіс повідомлень недоступний. Спробуй пізніше',
    { 'Retry-After': '60' },
  );
};

/** A refusal of the gateway as an answer to the member. */
export function turboRefusal(code: number, status: string): ApiError {
  const s = status.toUpperCase();
  if (/PHONE|RECIPIENT|NUMBER/.test(s))
    return new ApiError(422, 'sms_undeliverable', 'На цей номер не вдається надіслати SMS. Перевір номер');
  if (/LIMIT|MANY|FLOOD|FREQUENT/.test(s))
    return new ApiError(429, 'sms_rate_limited', 'Забагато SMS на цей номер. Спробуй пізніше', { 'Retry-After': '60' });
  // Token, sender name, balance, the gateway itself: the deployment's fault, not the member's.
  return unavailable(`${code} ${status}`);
}

export function turboSms(opts: TurboSmsOptions): SmsSender {
  const doFetch = opts.fetch ?? fetch;
  const url = `${opts.origin.replace(/\/+$/, '')}/message/send.json`;
  return {
    async send(phone, text) {
      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${opts.token}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({ recipients: [phone], sms: { sender: opts.sender, text } }),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
      } catch (err) {
        throw unavailable(`no answer (${(err as Error).message})`);
      }
      if (!res.ok) throw unavailable(`HTTP ${res.status}`);
      let body: TurboAnswer;
      try {
        body = (await res.json()) as TurboAnswer;
      } catch {
        throw unavailable('answer is not JSON');
      }
      const code = Number(body.response_code);
      const status = String(body.response_status ?? '');
      if (!OK_CODES.has(code)) throw turboRefusal(code, status);
      const mine = Array.isArray(body.response_result)
        ? ((
            body.response_result as Array<{
              phone?: unknown;
              response_code?: unknown;
              response_status?: unknown;
              message_id?: unknown;
            }>
          ).find((r) => String(r.phone ?? '').replace(/\D/g, '') === phone) ??
          (body.response_result[0] as
            { response_code?: unknown; response_status?: unknown; message_id?: unknown } | undefined))
        : undefined;
      if (!mine) throw unavailable(`${code} ${status} without a result for the recipient`);
      const own = Number(mine.response_code);
      if (!OK_CODES.has(own) || !mine.message_id) throw turboRefusal(own, String(mine.response_status ?? ''));
    },
  };
}

/** SMS switched off (production without a gateway): every send is a clear 503. */
export const smsOff = (message: string): SmsSender => ({
  send() {
    return Promise.reject(new ApiError(503, 'sms_unavailable', message, { 'Retry-After': '3600' }));
  },
});
