import { normalizePhone, toUkrainianMobile } from '../../../../src/domain/auth/phone';
import type { AppDeps } from '../../../context';
import { badRequest } from '../../../errors';

/** How long a forward may take before it is given up; the call never waits for it. */
export const FORWARD_TIMEOUT_MS = 2000;

export interface AnalyticsRecord {
  memberId: number;
  /** Which call recorded it: 'bat-event', 'auth-bat', 'esputnik-contact', 'order-info', 'esputnik-login', 'esputnik-id'. */
  kind: string;
  event: string;
  payload: Record<string, unknown>;
}

/**
 * Sends a stored event to ANALYTICS_FORWARD_URL when one is configured: fire-and-forget with
 * a short timeout, every failure swallowed, so the outside service can never slow or fail a call.
 */
function forward(deps: AppDeps, body: Record<string, unknown>): void {
  const url = deps.config.ANALYTICS_FORWARD_URL;
  if (!url) return;
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
  })
    .then((res) => res.body?.cancel())
    .catch(() => undefined);
}

/** Stores one analytics event (table analytics_events) and forwards it when configured; answers its id. */
export async function recordEvent(deps: AppDeps, r: AnalyticsRecord): Promise<{ ok: true; id: number }> {
  const createdAt = deps.clock.now().toISOString();
  const row = await deps.db
    .insertInto('analytics_events')
    .values({
      member_id: r.memberId,
      kind: r.kind,
      event: r.event,
      payload: JSON.stringify(r.payload),
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  forward(deps, { id: row.id, kind: r.kind, event: r.event, payload: r.payload, created_at: createdAt });
  return { ok: true, id: row.id };
}

/**
 * docs/rules.md#validation: phones are kept as digits only; 10 to 15 of them make a phone. A Ukrainian mobile in
 * any spelling ('0671234567', '+38 (067) 123-45-67') becomes the 380XXXXXXXXX form members are
 * stored with, so that the same phone is always the same text.
 */
export function phoneDigits(phone: string): string {
  const digits = normalizePhone(phone);
  if (digits.length < 10 || digits.length > 15) throw badRequest('invalid_phone', 'Некоректний номер телефону');
  return toUkrainianMobile(digits) ?? digits;
}
