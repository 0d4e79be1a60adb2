import type * as z from 'zod/mini';
import type { CallDef, CallRequest, CallResponse } from '../contract/define';
import { ApiCallError, FAILURE_MESSAGES, TRANSIENT_STATUSES, parseRetryAfter } from './errors';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface TransportOptions {
  /** Origin of the API; '' for the app's own origin. */
  baseUrl: string;
  /** Sent as `x-api-key` on every call. */
  apiKey: string;
  /** The bearer token (docs/rules.md#roles: the local key `pwaToken`), or null when signed out. */
  getToken: () => string | null | undefined | Promise<string | null | undefined>;
  /** Default: the global fetch. */
  fetch?: FetchLike;
  /** Told of every failed call: the one place for the reactions (docs/rules.md#error-reactions: forced logout, token flags). */
  onFailure?: (call: CallDef, error: ApiCallError) => void | Promise<void>;
}

export interface SendOptions {
  /** Sent as Idempotency-Key; the outbox passes its entry id. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /**
   * Multipart calls: files to send with the request's fields, by field name (feedback photos).
   * The fields themselves come from the validated input.
   */
  files?: Record<string, Blob | readonly Blob[]>;
  /** The bearer token to send instead of asking `getToken` (the outbox reads it as it marks each entry). */
  token?: string | null;
  /** Request preconditions (If-Match, If-None-Match) a queued write was built with. */
  headers?: Readonly<Record<string, string>>;
}

/** docs/api.md#retries: idempotent methods are retried once, body methods never. */
export function retriesFor(method: CallDef['method']): number {
  return method === 'GET' ? 1 : 0;
}

function toQuery(input: unknown): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries((input ?? {}) as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    params.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const q = params.toString();
  return q ? `?${q}` : '';
}

function toForm(input: unknown, files: SendOptions['files']): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries((input ?? {}) as Record<string, unknown>)) {
    if (v !== undefined && v !== null) form.append(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  for (const [k, v] of Object.entries(files ?? {}))
    for (const f of Array.isArray(v) ? v : [v]) form.append(k, f as Blob);
  return form;
}

/**
 * Sends contract calls: validates what goes out and what comes back with the call's own
 * schemas, adds the API key, `Accept: application/json` and the bearer token, and follows the
 * docs/api.md#retries retry rule exactly (GET: one retry, POST: none; only on no answer or 408, 409, 425, 429,
 * 500, 502, 503, 504; an aborted call is never retried). An answer with an `error` field is
 * thrown, never returned, so it can never be stored (docs/rules.md#error-reactions).
 */
export class Transport {
  constructor(private readonly opts: TransportOptions) {}

  async send<C extends CallDef>(call: C, input: CallRequest<C>, so: SendOptions = {}): Promise<CallResponse<C>> {
    try {
      return await this.sendOnce(call, input, so);
    } catch (e) {
      if (e instanceof ApiCallError) await this.opts.onFailure?.(call, e);
      throw e;
    }
  }

  private async sendOnce<C extends CallDef>(call: C, input: CallRequest<C>, so: SendOptions): Promise<CallResponse<C>> {
    const checked = call.request.safeParse(input);
    if (!checked.success) {
      const detail = checked.error.issues[0]?.message ?? '';
      throw new ApiCallError(
        'invalid-request',
        0,
        'invalid_request',
        `${FAILURE_MESSAGES['invalid-request']}: ${call.path} ${detail}`,
      );
    }
    const headers: Record<string, string> = {
      ...so.headers,
      'x-api-key': this.opts.apiKey,
      accept: 'application/json',
    };
    const token = so.token !== undefined ? so.token : await this.opts.getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    if (so.idempotencyKey) headers['idempotency-key'] = so.idempotencyKey;
    let url = this.opts.baseUrl + call.path;
    let body: BodyInit | undefined;
    if (call.method === 'GET') url += toQuery(checked.data);
    else if (call.multipart) body = toForm(checked.data, so.files);
    else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(checked.data);
    }
    const doFetch: FetchLike = this.opts.fetch ?? ((u, init) => globalThis.fetch(u, init));
    let retriesLeft = retriesFor(call.method);
    for (;;) {
      let res: Response;
      try {
        res = await doFetch(url, { method: call.method, headers, body, signal: so.signal ?? null });
      } catch (e) {
        if (retriesLeft > 0 && !so.signal?.aborted) {
          retriesLeft -= 1;
          continue;
        }
        const detail = e instanceof Error && e.message ? ` (${e.message})` : '';
        throw new ApiCallError('network', 0, 'network', `${FAILURE_MESSAGES.network}${detail}`);
      }
      if (!res.ok && TRANSIENT_STATUSES.has(res.status) && retriesLeft > 0) {
        retriesLeft -= 1;
        // Free the connection of the answer we drop.
        await res.body?.cancel().catch(() => undefined);
        continue;
      }
      return this.read(call, res);
    }
  }

  private async read<C extends CallDef>(call: C, res: Response): Promise<CallResponse<C>> {
    let data: unknown;
    try {
      data = await res.json();
    } catch {
      data = null;
    }
    const obj = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
    const errorField = obj && 'error' in obj ? obj.error : undefined;
    // docs/rules.md#error-reactions: some calls report failure in a 2xx body as `errorType` (cert_unauthenticated).
    const errorType = obj && typeof obj.errorType === 'string' ? obj.errorType : undefined;
    const retryAfterMs = parseRetryAfter(res.headers.get('retry-after'));
    if (!res.ok || (errorField !== undefined && errorField !== null && errorField !== false) || errorType) {
      const err = (errorField && typeof errorField === 'object' ? errorField : {}) as {
        code?: unknown;
        message?: unknown;
      };
      const code =
        typeof err.code === 'string'
          ? err.code
          : typeof errorField === 'string'
            ? errorField
            : (errorType ?? `http_${res.status}`);
      const kind = res.ok ? 'invalid-response' : 'http';
      const message = typeof err.message === 'string' ? err.message : FAILURE_MESSAGES[kind];
      throw new ApiCallError(kind, res.status, code, message, retryAfterMs);
    }
    const parsed = (call.response as z.ZodMiniType).safeParse(data);
    if (!parsed.success) {
      throw new ApiCallError(
        'invalid-response',
        res.status,
        'invalid_response',
        `${FAILURE_MESSAGES['invalid-response']} (${call.path})`,
      );
    }
    return parsed.data as CallResponse<C>;
  }
}
