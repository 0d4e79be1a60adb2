import type { Server } from 'node:http';
import { connect } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, tooLargeMessage, type ListenerOptions } from '../../server/http/node-listener';
import { requestText } from '../../server/http/request-body';
import { listenerOptions } from '../../server/http/listener-options';
import type { AppEnv } from '../../server/context';
import { onError } from '../../server/errors';
import { createMember, type TestMember } from '../support/members';
import { API_KEY, makeTestServer, type TestServer } from '../support/server';
import { addOrder, feedbackToken, jpegBytes } from './cert-feedback/support';
import { withCatalogue } from './shop/support';

/*
 * The server's Node listener (server/http/node-listener.ts) and the app's body reader
 * (server/http/request-body.ts) hold every body to its path's limit. These tests go over a real
 * socket, which app.request never does.
 */

/** A probe app that answers the body it read, as text, with the server's error answers. */
function probe(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.onError(onError);
  app.post('/echo', async (c) => c.json({ text: await requestText(c) }));
  return app;
}

async function serveOn(
  fetch: Parameters<typeof listen>[0],
  options?: ListenerOptions,
): Promise<{ url: string; server: Server }> {
  const { server, port } = await listen(fetch, 0, '127.0.0.1', options);
  return { url: `http://127.0.0.1:${port}`, server };
}

const LIMIT = 64 * 1024;
/** A limit as the server's: every call's body within 64 KB, /upload's larger. */
const LIMITS: ListenerOptions = { bodyLimit: (path) => (path === '/upload' ? 4 * LIMIT : LIMIT) };

/** A body sent in two chunks with no Content-Length. */
const chunked = (...parts: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
      controller.close();
    },
  });

describe('the Node listener with body limits', () => {
  let url: string;
  let server: Server;
  beforeAll(async () => ({ url, server } = await serveOn(probe().fetch, LIMITS)));
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  const echo = async (body: BodyInit, init: RequestInit = {}) => {
    const r = await fetch(`${url}/echo`, { method: 'POST', body, ...init });
    return { status: r.status, body: (await r.json()) as { text?: string; error?: { code: string; message: string } } };
  };

  it('the app reads a body within the limit byte for byte (multi-byte text split across packets too)', async () => {
    expect(await echo('{"collectionId":270101}')).toEqual({ status: 200, body: { text: '{"collectionId":270101}' } });
    const text = `{"t":"${'Привіт, клубе! '.repeat(2000)}"}`;
    expect(Buffer.byteLength(text)).toBeGreaterThan(16 * 1024);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(LIMIT);
    expect(await echo(text)).toEqual({ status: 200, body: { text } });
  });

  it('reads a chunked body (no Content-Length) too, within the limit', async () => {
    expect(await echo(chunked('{"a":', '1}'), { duplex: 'half' } as RequestInit)).toEqual({
      status: 200,
      body: { text: '{"a":1}' },
    });
  });

  it('refuses a Content-Length over the limit with a JSON 413, reading none of it', async () => {
    const r = await echo('x'.repeat(LIMIT + 1));
    expect(r.status).toBe(413);
    expect(r.body.error?.message).toBe(tooLargeMessage(LIMIT));
  });

  it('refuses a chunked body as soon as the app has counted past the limit', async () => {
    const r = await echo(chunked('x'.repeat(LIMIT), 'x'), { duplex: 'half' } as RequestInit);
    expect(r.status).toBe(413);
    expect(r.body.error).toEqual({ code: 'payload_too_large', message: tooLargeMessage(LIMIT) });
  });

  it('stays up when a client goes away in the middle of a body', async () => {
    await new Promise<void>((done, fail) => {
      const socket = connect(Number(new URL(url).port), '127.0.0.1', () => {
        socket.write(
          'POST /echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"half":',
        );
        setTimeout(() => {
          socket.destroy();
          done();
        }, 50);
      });
      socket.on('error', fail);
    });
    expect(await echo('{"after":true}')).toEqual({ status: 200, body: { text: '{"after":true}' } });
  });
});

describe('the Node listener without limits (a test’s server)', () => {
  it('leaves every body to the app whole, however long', async () => {
    const { url, server } = await serveOn(probe().fetch);
    try {
      const text = `{"t":"${'Привіт, клубе! '.repeat(6000)}"}`;
      expect(Buffer.byteLength(text)).toBeGreaterThan(LIMIT);
      const r = await fetch(`${url}/echo`, { method: 'POST', body: text });
      expect(await r.json()).toEqual({ text });
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

  const headers = () => ({
    'x-api-key': API_KEY,
    authorization: `Bearer ${m.token}`,
    'content-type': 'application/json',
  });

  it('answers a JSON call as app.request does, gzipped when accepted', async () => {
    const body = JSON.stringify({ collectionId: 270101 });
    const expected = await s.post('/api/api-shop/get-products-by-collection', { collectionId: 270101 }, m.token);
    expect(expected.status).toBe(200);
    const plain = await fetch(`${url}/api/api-shop/get-products-by-collection`, {
      method: 'POST',
      headers: headers(),
      body,
    });
    expect(plain.status).toBe(200);
    expect(await plain.json()).toEqual(expected.body);

    // Node's fetch would undo the gzip by itself; read the bytes as sent.
    const raw = await new Promise<{ head: string; body: Buffer }>((resolve, reject) => {
      const socket = connect(Number(new URL(url).port), '127.0.0.1', () => {
        const h = {
          ...headers(),
          'accept-encoding': 'gzip',
          'content-length': String(Buffer.byteLength(body)),
          host: 'x',
          connection: 'close',
        };
        socket.write(
          `POST /api/api-shop/get-products-by-collection HTTP/1.1\r\n${Object.entries(h)
            .map(([k, v]) => `${k}: ${v}`)
            .join('\r\n')}\r\n\r\n${body}`,
        );
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

  it('takes a multipart form with a photo', async () => {
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
    const answer = (await r.json()) as {
      feedback: { orderId: number; rating: number; text: string; photos: Array<{ mime: string }> };
    };
    expect(answer.feedback).toMatchObject({ orderId: order, rating: 4, text: 'Швидко привезли' });
    expect(answer.feedback.photos.map((p) => p.mime)).toEqual(['image/jpeg']);
  });
});
