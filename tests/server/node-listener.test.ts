import type { Server } from 'node:http';
import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, PRE_READ_MAX_BYTES, tooLargeMessage, type ListenerOptions, type PreReadIncoming } from '../../server/http/node-listener';
import { listenerOptions } from '../../server/http/listener-options';
import { createMember, type TestMember } from '../support/members';
import { API_KEY, makeTestServer, type TestServer } from '../support/server';
import { addOrder, feedbackToken, jpegBytes } from './cert-feedback/support';
import { withCatalogue } from './shop/support';

/*
 * The server's Node listener (server/http/node-listener.ts) reads small bodies before the app
 * sees the request, so a JSON call answers without a promise. These tests go over a real socket,
 * which app.request never does.
 */

/** A probe app that reports what it got: whether the body came pre-read, and the body as text. */
function probe(): Hono<{ Bindings: { incoming?: PreReadIncoming } }> {
  const app = new Hono<{ Bindings: { incoming?: PreReadIncoming } }>();
  app.post('/echo', async (c) => {
    const preRead = c.env.incoming?.rawBody instanceof Buffer;
    return c.json({ preRead, text: await c.req.text() });
  });
  return app;
}

async function serveOn(fetch: Parameters<typeof listen>[0], options?: ListenerOptions): Promise<{ url: string; server: Server }> {
  const { server, port } = await listen(fetch, 0, '127.0.0.1', options);
  return { url: `http://127.0.0.1:${port}`, server };
}

/** A limit as the server's: every call's body within the pre-read size, /upload's larger. */
const LIMITS: ListenerOptions = { bodyLimit: (path) => (path === '/upload' ? 4 * PRE_READ_MAX_BYTES : PRE_READ_MAX_BYTES) };

describe('the Node listener with body limits', () => {
  let url: string;
  let server: Server;
  beforeAll(async () => ({ url, server } = await serveOn(probe().fetch, LIMITS)));
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  const echo = async (body: BodyInit, init: RequestInit = {}) => {
    const r = await fetch(`${url}/echo`, { method: 'POST', body, ...init });
    return (await r.json()) as { preRead: boolean; text: string };
  };

  it('hands a small body to the app already read, byte for byte (multi-byte text split across packets too)', async () => {
    expect(await echo('{"collectionId":270101}')).toEqual({ preRead: true, text: '{"collectionId":270101}' });
    const text = `{"t":"${'Привіт, клубе! '.repeat(2000)}"}`;
    expect(Buffer.byteLength(text)).toBeGreaterThan(16 * 1024);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(PRE_READ_MAX_BYTES);
    expect(await echo(text)).toEqual({ preRead: true, text });
  });

  it('reads a chunked body (no Content-Length) too, within the limit', async () => {
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"a":'));
        controller.enqueue(new TextEncoder().encode('1}'));
        controller.close();
      },
    });
    expect(await echo(chunked, { duplex: 'half' } as RequestInit)).toEqual({ preRead: true, text: '{"a":1}' });
  });

  it('refuses a body over the limit with a JSON 413, reading none of it', async () => {
    const r = await fetch(`${url}/echo`, { method: 'POST', body: 'x'.repeat(PRE_READ_MAX_BYTES + 1) });
    expect(r.status).toBe(413);
    expect(((await r.json()) as { error: { message: string } }).error.message).toBe(tooLargeMessage(PRE_READ_MAX_BYTES));
  });

  it('stays up when a client goes away in the middle of a body', async () => {
    await new Promise<void>((done, fail) => {
      const socket = connect(Number(new URL(url).port), '127.0.0.1', () => {
        socket.write('POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"half":');
        setTimeout(() => {
          socket.destroy();
          done();
        }, 50);
      });
      socket.on('error', fail);
    });
    expect(await echo('{"after":true}')).toEqual({ preRead: true, text: '{"after":true}' });
  });
});

describe('the Node listener without limits (a test’s server)', () => {
  it('leaves every body to the adapter, which reads it whole', async () => {
    const { url, server } = await serveOn(probe().fetch);
    try {
      const text = `{"t":"${'Привіт, клубе! '.repeat(2000)}"}`;
      const r = await fetch(`${url}/echo`, { method: 'POST', body: text });
      expect(await r.json()).toEqual({ preRead: false, text });
    } finally {
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});

describe('the app over a real socket', () => {
  let s: TestServer;
  let m: TestMember;
  let url: string;
  let server: Server;
  beforeAll(async () => {
    s = await makeTestServer();
    await withCatalogue(s);
    m = await createMember(s);
    // As server/main.ts serves it: the server's body limits and headers.
    ({ url, server } = await serveOn(s.app.fetch, listenerOptions(s.config)));
  });
  afterAll(async () => {
    await new Promise<void>((done) => server.close(() => done()));
    await s.close();
  });

  const headers = () => ({ 'x-api-key': API_KEY, authorization: `Bearer ${m.token}`, 'content-type': 'application/json' });

  it('answers a JSON call as app.request does, gzipped when accepted', async () => {
    const body = JSON.stringify({ collectionId: 270101 });
    const expected = await s.post('/api/api-shop/get-products-by-collection', { collectionId: 270101 }, m.token);
    expect(expected.status).toBe(200);
    const plain = await fetch(`${url}/api/api-shop/get-products-by-collection`, { method: 'POST', headers: headers(), body });
    expect(plain.status).toBe(200);
    expect(await plain.json()).toEqual(expected.body);

    // Node's fetch would undo the gzip by itself; read the bytes as sent.
    const raw = await new Promise<{ head: string; body: Buffer }>((resolve, reject) => {
      const socket = connect(Number(new URL(url).port), '127.0.0.1', () => {
        const h = { ...headers(), 'accept-encoding': 'gzip', 'content-length': String(Buffer.byteLength(body)), host: 'x', connection: 'close' };
        socket.write(`POST /api/api-shop/get-products-by-collection HTTP/1.1\r\n${Object.entries(h).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body}`);
      });
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('end', () => {
        const all = Buffer.concat(chunks);
        const split = all.indexOf('\r\n\r\n');
        resolve({ head: all.subarray(0, split).toString(), body: all.subarray(split + 4) });
      });
      socket.on('error', reject);
    });
    expect(raw.head).toMatch(/^HTTP\/1\.1 200/);
    expect(raw.head.toLowerCase()).toContain('content-encoding: gzip');
    expect(raw.head.toLowerCase()).toContain('vary: accept-encoding');
    expect(JSON.parse(gunzipSync(raw.body).toString())).toEqual(expected.body);
  });

  it('refuses a broken JSON body and a bad field with a JSON 400, and an unknown token with 401', async () => {
    const post = (body: string, h: Record<string, string> = headers()) =>
      fetch(`${url}/api/api-shop/get-products-by-collection`, { method: 'POST', headers: h, body });
    const broken = await post('{"collectionId":');
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { code: string } }).error.code).toBe('bad_json');
    const bad = await post('{"collectionId":"many"}');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('invalid_body');
    const stranger = await post('{"collectionId":270101}', { ...headers(), authorization: 'Bearer not-a-token' });
    expect(stranger.status).toBe(401);
  });

  it('takes a multipart form with a photo from a pre-read body', async () => {
    const order = await addOrder(s, m.glo.id);
    const token = await feedbackToken(s, m);
    const form = new FormData();
    form.append('orderId', String(order));
    form.append('rating', '4');
    form.append('text', 'Швидко привезли');
    form.append('photos', new Blob([new Uint8Array(jpegBytes())], { type: 'image/jpeg' }), 'photo.jpg');
    const r = await fetch(`${url}/api/feedback/send?shop=glo&token=${token}`, {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, authorization: `Bearer ${m.token}` },
      body: form,
    });
    expect(r.status).toBe(200);
    const answer = (await r.json()) as { feedback: { orderId: number; rating: number; text: string; photos: Array<{ mime: string }> } };
    expect(answer.feedback).toMatchObject({ orderId: order, rating: 4, text: 'Швидко привезли' });
    expect(answer.feedback.photos.map((p) => p.mime)).toEqual(['image/jpeg']);
  });
});
