import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { getBatToken } from '../../../src/contract/analytics';
import { defineCall } from '../../../src/contract/define';
import { feedbackSend } from '../../../src/contract/feedback';
import { getVersion } from '../../../src/contract/system';
import { ApiCallError, parseRetryAfter, TRANSIENT_STATUSES } from '../../../src/api/errors';
import { Transport } from '../../../src/api/transport';
import { scriptedFetch, type Reply } from '../sync/support/fake-fetch';

const TOKEN_OK = { token: 't', expired_at: '2030-01-01T00:00:00.000Z' };

function transport(reply: (i: number) => Reply, token: string | null = 'member-token') {
  const net = scriptedFetch((_r, i) => reply(i));
  const onFailure = vi.fn();
  const t = new Transport({
    baseUrl: 'https://api.test',
    apiKey: 'k-1',
    getToken: () => token,
    fetch: net.fetch,
    onFailure,
  });
  return { t, seen: net.seen, onFailure };
}

const STATUSES = [400, 401, 403, 404, 408, 409, 410, 422, 425, 429, 500, 501, 502, 503, 504];

describe('transport retry rule (docs/api.md#retries)', () => {
  for (const status of STATUSES) {
    const transient = TRANSIENT_STATUSES.has(status);
    it(`${status}: GET is sent ${transient ? 'twice (one retry)' : 'once'}, POST once`, async () => {
      const get = transport(() => ({ status, body: { error: { code: `c${status}`, message: 'm' } } }));
      await expect(get.t.send(getBatToken, {})).rejects.toMatchObject({ kind: 'http', status, code: `c${status}` });
      expect(get.seen).toHaveLength(transient ? 2 : 1);

      const post = transport(() => ({ status, body: { error: { code: `c${status}`, message: 'm' } } }));
      await expect(post.t.send(getVersion, {})).rejects.toMatchObject({ kind: 'http', status });
      expect(post.seen).toHaveLength(1);
    });
  }

  it('the retry of a GET that then succeeds returns its answer', async () => {
    const { t, seen } = transport((i) => (i === 0 ? { status: 503 } : { status: 200, body: TOKEN_OK }));
    await expect(t.send(getBatToken, {})).resolves.toEqual(TOKEN_OK);
    expect(seen).toHaveLength(2);
  });

  it('retries only the listed statuses: 408, 409, 425, 429, 500, 502, 503, 504', () => {
    expect([...TRANSIENT_STATUSES].sort((a, b) => a - b)).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });

  it('no answer: GET retried once, POST never, an aborted GET never', async () => {
    const get = transport(() => 'network-error');
    await expect(get.t.send(getBatToken, {})).rejects.toMatchObject({ kind: 'network', status: 0 });
    expect(get.seen).toHaveLength(2);
    const post = transport(() => 'network-error');
    await expect(post.t.send(getVersion, {})).rejects.toMatchObject({ kind: 'network' });
    expect(post.seen).toHaveLength(1);
    const aborted = transport(() => 'network-error');
    const ac = new AbortController();
    ac.abort();
    await expect(aborted.t.send(getBatToken, {}, { signal: ac.signal })).rejects.toMatchObject({ kind: 'network' });
    expect(aborted.seen).toHaveLength(1);
  });
});

describe('transport headers and bodies', () => {
  it('sends the API key, Accept JSON, the bearer token and the Idempotency-Key', async () => {
    const { t, seen } = transport(() => ({ status: 200, body: { version: '2' } }));
    await t.send(getVersion, { current: '1' }, { idempotencyKey: 'key-12345678' });
    expect(seen[0]).toMatchObject({
      url: 'https://api.test/api/get-version',
      method: 'POST',
      headers: {
        'x-api-key': 'k-1',
        accept: 'application/json',
        authorization: 'Bearer member-token',
        'idempotency-key': 'key-12345678',
        'content-type': 'application/json',
      },
      body: '{"current":"1"}',
    });
  });

  it('signed out: no Authorization header; GET parameters go in the query string', async () => {
    const query = defineCall({
      method: 'GET',
      path: '/api/get-balance',
      auth: 'public',
      mutation: false,
      summary: '',
      request: z.object({ v: z.string() }),
      response: z.object({ balance: z.number() }),
    });
    const { t, seen } = transport(() => ({ status: 200, body: { balance: 5 } }), null);
    await expect(t.send(query, { v: 'ogo' })).resolves.toEqual({ balance: 5 });
    expect(seen[0]?.url).toBe('https://api.test/api/get-balance?v=ogo');
    expect(seen[0]?.headers.authorization).toBeUndefined();
    expect(seen[0]?.body).toBeNull();
  });

  it('multipart calls send the fields and files as a form, not JSON', async () => {
    const { t, seen } = transport(() => ({ status: 404, body: { error: { code: 'order_not_found', message: 'x' } } }));
    const photo = new Blob(['12345678'], { type: 'image/jpeg' });
    await t
      .send(
        feedbackSend,
        { orderId: '12', rating: '5', text: 'Дякую', shop: 'glo', token: 'fb' },
        { files: { photos: [photo, photo] } },
      )
      .catch(() => undefined);
    expect(seen[0]?.headers['content-type']).toBeUndefined();
    expect(seen[0]?.form).toEqual([
      ['orderId', '12'],
      ['rating', '5'],
      ['text', 'Дякую'],
      ['shop', 'glo'],
      ['token', 'fb'],
      ['photos', 'file:image/jpeg:8'],
      ['photos', 'file:image/jpeg:8'],
    ]);
  });

  it('never sends a request that breaks the contract', async () => {
    const { t, seen } = transport(() => ({ status: 200, body: { version: '1' } }));
    await expect(t.send(getVersion, { current: 'x'.repeat(100) })).rejects.toMatchObject({ kind: 'invalid-request' });
    expect(seen).toHaveLength(0);
  });
});

describe('answers with an error field are never returned (docs/rules.md#error-reactions)', () => {
  const cases: Array<[string, unknown, string]> = [
    ['error object', { error: { code: 'sms_wrong', message: 'Невірний код' } }, 'sms_wrong'],
    ['error string', { version: '1', error: 'boom' }, 'boom'],
    ['errorType', { errorType: 'cert_unauthenticated' }, 'cert_unauthenticated'],
  ];
  for (const [name, body, code] of cases) {
    it(`200 with ${name} throws`, async () => {
      const { t, onFailure } = transport(() => ({ status: 200, body }));
      const err = await t.send(getVersion, {}).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiCallError);
      expect(err).toMatchObject({ kind: 'invalid-response', code });
      expect(onFailure).toHaveBeenCalledOnce();
    });
  }

  it('a null or false error field is a normal answer', async () => {
    const { t } = transport(() => ({ status: 200, body: { version: '3', error: null } }));
    await expect(t.send(getVersion, {})).resolves.toEqual({ version: '3' });
  });

  it('an answer that breaks the response schema throws', async () => {
    const { t } = transport(() => ({ status: 200, body: { version: 3 } }));
    await expect(t.send(getVersion, {})).rejects.toMatchObject({ kind: 'invalid-response', code: 'invalid_response' });
  });
});

describe('Retry-After (RFC 9110 §10.2.3)', () => {
  it('parses delay-seconds and HTTP dates; rejects anything else', () => {
    const now = Date.parse('2026-11-23T10:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('0', now)).toBe(0);
    expect(parseRetryAfter('Mon, 23 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('-5', now)).toBeNull();
    expect(parseRetryAfter('1.5', now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });

  it('is carried on the error of a 429 or 503', async () => {
    const { t } = transport(() => ({
      status: 429,
      body: { error: { code: 'rate_limited', message: 'Забагато' } },
      headers: { 'retry-after': '7' },
    }));
    await expect(t.send(getVersion, {})).rejects.toMatchObject({ status: 429, retryAfterMs: 7000, transient: true });
  });
});
