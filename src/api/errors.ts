/** Why a call failed, as the outbox and the screens need to tell the cases apart. */
export type ApiFailureKind =
  /** No answer at all: offline, DNS, connection reset, aborted. */
  | 'network'
  /** The server answered with an error status and `{ error: { code, message } }`. */
  | 'http'
  /** The server answered 2xx but the body breaks the contract, or carries an `error`/`errorType` field. */
  | 'invalid-response'
  /** The request itself breaks the contract (a bug in the app, never sent). */
  | 'invalid-request';

/** Ukrainian texts for failures the server did not explain itself; one map, as Workbox keeps its messages. */
export const FAILURE_MESSAGES = {
  network: 'Немає зв’язку з сервером',
  'invalid-response': 'Сервер відповів незрозуміло',
  'invalid-request': 'Некоректні дані запиту',
  http: 'Сервер не зміг виконати запит',
} as const satisfies Record<ApiFailureKind, string>;

/** The one error type of the API layer; check with `instanceof`. */
export class ApiCallError extends Error {
  constructor(
    readonly kind: ApiFailureKind,
    readonly status: number,
    readonly code: string,
    message: string,
    /** From Retry-After, in milliseconds, when the server sent one. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = 'ApiCallError';
  }

  /** Worth trying again later: network trouble or the transient statuses (docs/api.md#retries). */
  get transient(): boolean {
    return this.kind === 'network' || TRANSIENT_STATUSES.has(this.status);
  }
}

/** docs/api.md#retries: the statuses on which a call may be retried. */
export const TRANSIENT_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);

/**
 * Parses Retry-After (delay-seconds or an HTTP date, RFC 9110 §10.2.3) into milliseconds from
 * `now` (epoch ms). Null when absent or unreadable; never negative.
 */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const v = value.trim();
  if (!v) return null;
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  // Anything else numeric ("-5", "1.5") is not a delay-seconds value; Date.parse would read it as a year.
  if (/^[-+.\d]+$/.test(v)) return null;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
