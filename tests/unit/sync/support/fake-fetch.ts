import type { FetchLike } from '../../../../src/api/transport';

export interface SeenRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | null;
  /** Multipart bodies: each field as name and value (files as `file:<type>:<size>`). */
  form: Array<[string, string]> | null;
}

export type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | 'network-error';

/**
 * A scripted network for unit tests: answers each request with `reply(request, index)` and
 * records what was sent. (The model test in tests/server/sync uses the real server instead.)
 */
export function scriptedFetch(reply: (req: SeenRequest, index: number) => Reply | Promise<Reply>) {
  const seen: SeenRequest[] = [];
  const fetch: FetchLike = async (url, init) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((v, k) => {
      headers[k] = v;
    });
    const form =
      init.body instanceof FormData
        ? [...init.body.entries()].map(([k, v]): [string, string] => [
            k,
            typeof v === 'string' ? v : `file:${v.type}:${v.size}`,
          ])
        : null;
    const req: SeenRequest = {
      url,
      method: init.method ?? 'GET',
      headers,
      body: typeof init.body === 'string' ? init.body : null,
      form,
    };
    seen.push(req);
    const r = await reply(req, seen.length - 1);
    if (r === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(r.body === undefined ? null : JSON.stringify(r.body), {
      status: r.status,
      headers: { 'content-type': 'application/json', ...r.headers },
    });
  };
  return { fetch, seen };
}
