import type * as z from 'zod/mini';
import type { CallDef, CallRequest, CallResponse } from '../contract/define';
import { ApiCallError, TRANSIENT_STATUSES, parseRetryAfter } from './errors';

export interface TransportOptions {
  /** Origin of the API; '' for the app's own origin. */
  baseUrl: string;
  apiKey: string;
  /** The bearer token (spec §6: the local key `pwaToken`), or null when signed out. */
  getToken: () => string | null | Promise<string | null>;
  fetch?: typeof fetch;
  /** Told of every failed call, e.g. to apply the §8 reactions (forced logout...). */
  onFailure?: (call: CallDef, error: ApiCallError) => void;
}

export interface SendOptions {
  /** Sent as Idempotency-Key; the outbox passes its entry id. */
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Multipart calls: the form to send instead of a JSON body. */
  form?: FormData;
}

/** Spec §7: idempotent methods are retried once, body methods never. */
function retriesFor(method: CallDef['method']): number {
  return method === 'GET' ? 1 : 0;
}

function toQuery(input: unknown): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries((input ?? {}) as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    params.set(k, String(v));
  }
  const q = params.toString();
  return q ? `?${q}` : '';
}

/**
 * Sends contract calls: validates what goes out and what comes back with the call's own
 * schemas, adds the API key, `Accept: application/json` and the bearer token, and follows
 * the §7 retry rule exactly. An answer with an `error` field is thrown, never returned, so
 * it can never be stored (spec §8).
 */
export class Transport {
  constructor(private readonly opts: TransportOptions) {}

  async send<C extends CallDef>(call: C, input: CallRequest<C>, so: SendOptions = {}): Promise<CallResponse<C>> {
    try {
      return await this.sendOnce(call, input, so);
    } catch (e) {
      if (e instanceof ApiCallError) this.opts.onFailure?.(call, e);
      throw e;
    }
  }

  private async sendOnce<C extends CallDef>(call: C, input: CallRequest<C>, so: SendOptions): Promise<CallResponse<C>> {
    const checked = call.request.safeParse(input);
    if (!checked.success) {
      throw new ApiCallError('invalid-request', 0, 'invalid_request', `Invalid request for ${call.path}: ${checked.error.issues[0]?.message ?? ''}`);
    }
    const headers: Record<string, string> = { 'x-api-key': this.opts.apiKey, accept: 'application/json' };
    const token = await this.opts.getToken();
    if (token) headers.authorization = `Bearer ${token}`;
    if (so.idempotencyKey) headers['idempotency-key'] = so.idempotencyKey;
    let url = this.opts.baseUrl + call.path;
    let body: BodyInit | undefined;
    if (call.method === 'GET') url += toQuery(checked.data);
    else if (so.form) body = so.form;
    else {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(checked.data);
    }
    const doFetch = this.opts.fetch ?? globalThis.fetch.bind(globalThis);
    let attemptsLeft = retriesFor(call.method);
    for (;;) {
      let res: Response;
      try {
        res = await doFetch(url, { method: call.method, headers, body, signal: so.signal ?? null });
      } catch (e) {
        throw new ApiCallError('network', 0, 'network', e instanceof Error ? e.message : 'Network error');
      }
      if (!res.ok && TRANSIENT_STATUSES.has(res.status) && attemptsLeft > 0) {
        attemptsLeft -= 1;
        continue;
      }
      return this.read(call, res);
    }
  }

  private async read<C extends CallDef>(call: C, res: Response): Promise<CallResponse<C>> {
    let data: unknown = null;
    try {
      data = await res.json();
    } catch {
      data = null;
    }
    const errorField = data && typeof data === 'object' && 'error' in data ? (data as { error: unknown }).error : undefined;
    if (!res.ok || errorField !== undefined) {
      const err = (errorField && typeof errorField === 'object' ? errorField : {}) as { code?: unknown; message?: unknown };
      const code = typeof err.code === 'string' ? err.code : typeof errorField === 'string' ? errorField : `http_${res.status}`;
      const message = typeof err.message === 'string' ? err.message : `HTTP ${res.status}`;
      throw new ApiCallError(
        res.ok ? 'invalid-response' : 'http',
        res.status,
        code,
        message,
        parseRetryAfter(res.headers.get('retry-after')),
      );
    }
    const parsed = (call.response as z.ZodMiniType).safeParse(data);
    if (!parsed.success) {
      throw new ApiCallError('invalid-response', res.status, 'invalid_response', `Unexpected answer from ${call.path}`);
    }
    return parsed.data as CallResponse<C>;
  }
}
