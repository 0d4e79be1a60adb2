// Mixed member traffic through the balancer while instances stop, die and come back (the fault
// tests): scans with an Idempotency-Key, sent again with the same key until one is answered 2xx
// (as the app's outbox does), and reads. Counts every answer by status.
import { randomUUID } from 'node:crypto';
import type { ClusterMember } from './cluster-fixture';

export interface LoadResult {
  statuses: Record<string, number>;
  /** Answers 500-599 (through the balancer: also its own 502/503/504). */
  errors5xx: number;
  /** Requests with no answer at all. */
  networkErrors: number;
  /** Answers 500-599 by their error code (`{ error: { code } }`; `-` when the body has none), and `:no-retry-after` for a 503 without Retry-After. */
  codes5xx: Record<string, number>;
  /** Scan codes answered 2xx, per customer. */
  credited: Map<number, string[]>;
  requests: number;
  /** The first few failures, for the log. */
  samples: string[];
}

export function memberLoad(base: string, apiKey: string, members: ClusterMember[], collectionId: number) {
  const result: LoadResult = {
    statuses: {},
    errors5xx: 0,
    networkErrors: 0,
    codes5xx: {},
    credited: new Map(),
    requests: 0,
    samples: [],
  };
  let running = true;
  const send = async (path: string, init: RequestInit): Promise<Response | null> => {
    result.requests += 1;
    try {
      const r = await fetch(base + path, init);
      result.statuses[r.status] = (result.statuses[r.status] ?? 0) + 1;
      if (r.status >= 500) {
        result.errors5xx += 1;
        if (result.samples.length < 5) result.samples.push(`${path} ${r.status}`);
        const code =
          (
            (await r
              .clone()
              .json()
              .catch(() => null)) as { error?: { code?: string } } | null
          )?.error?.code ?? '-';
        const key = `${r.status} ${code}${r.status === 503 && !r.headers.get('retry-after') ? ':no-retry-after' : ''}`;
        result.codes5xx[key] = (result.codes5xx[key] ?? 0) + 1;
      }
      return r;
    } catch (e) {
      result.networkErrors += 1;
      if (result.samples.length < 5) result.samples.push(`${path} ${String((e as { cause?: unknown }).cause ?? e)}`);
      return null;
    }
  };
  const headers = (m: ClusterMember, extra: Record<string, string> = {}) => ({
    'x-api-key': apiKey,
    authorization: `Bearer ${m.token}`,
    accept: 'application/json',
    'content-type': 'application/json',
    ...extra,
  });
  const loop = async (m: ClusterMember) => {
    const mine: string[] = [];
    result.credited.set(m.customerId, mine);
    let n = 0;
    while (running && m.codes.length > 0) {
      n += 1;
      if (n % 3 === 0) {
        const code = m.codes.pop()!;
        const key = randomUUID();
        // Once sent, a scan is sent again with its key until answered: it must be credited once.
        for (;;) {
          const r = await send('/api/scan/scan-code', {
            method: 'POST',
            headers: headers(m, { 'idempotency-key': key }),
            body: JSON.stringify({ code }),
          });
          const text = r ? await r.text() : '';
          if (r && r.status >= 200 && r.status < 300) {
            mine.push(code);
            break;
          }
          if (r && r.status < 500 && r.status !== 409 && r.status !== 429) throw new Error(`scan ${r.status}: ${text}`);
          const wait = Number(r?.headers.get('retry-after') ?? 0) * 1000 || 200;
          await new Promise((res) => setTimeout(res, wait));
        }
      } else if (n % 3 === 1) {
        const r = await send('/api/get-balance?v=glo', { headers: headers(m) });
        await r?.text();
      } else {
        const r = await send('/api/api-shop/get-products-by-collection', {
          method: 'POST',
          headers: headers(m),
          body: JSON.stringify({ collectionId }),
        });
        await r?.text();
      }
    }
  };
  const all = Promise.all(members.map(loop));
  return {
    result,
    /** Stops sending new requests and waits for the ones begun (a scan until it is credited). */
    async stop(): Promise<LoadResult> {
      running = false;
      await all;
      return result;
    },
  };
}
