import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_LIMITS } from '../../../server/http/body-limit';
import { feedbackSend } from '../../../src/contract/feedback';
import { multiscanLoad } from '../../../src/contract/scan';
import jpeg from 'jpeg-js';
import { createMember } from '../../support/members';
import { addOrder, feedbackToken } from '../cert-feedback/support';
import { API_KEY, makeTestServer, type TestServer } from '../../support/server';
import { serveOverHttp, startServerProcess, type ServerProcess } from './support';

/*
 * no request body limit. A 200 MB form to the payment callback or 20 MB of
 * JSON to login-sms was read whole before it was refused (server memory 190 MB -> 1.13 GB for one
 * request), with no key or sign-in needed. Now every body is counted while it arrives
 * (server/http/node-listener.ts): past its path's limit the answer is a JSON 413, the
 * connection is closed, and what was sent is not kept.
 */

const MB = 1024 * 1024;

interface Sent {
  status: number;
  connection: string | undefined;
  body: { error?: { code: string; message: string } };
  /** The server ended the connection after answering (its FIN came). */
  closed: boolean;
}

/**
 * POSTs `total` bytes in 1 MB chunks, with Content-Length (`declared`) or chunked, and stops
 * sending once the answer is in, as a client does when the server answers early.
 */
function postBytes(
  url: string,
  path: string,
  total: number,
  opts: { declared: boolean; type: string; headers?: Record<string, string> },
): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const req = request({
      host: hostname,
      port,
      path,
      method: 'POST',
      headers: {
        'content-type': opts.type,
        'x-api-key': API_KEY,
        ...opts.headers,
        ...(opts.declared ? { 'content-length': String(total) } : {}),
      },
    });
    let answered = false;
    let ended = false;
    req.on('socket', (socket) => {
      socket.once('end', () => (ended = true));
      socket.once('close', () => (ended = true));
    });
    req.on('response', (res) => {
      answered = true;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (text += d));
      res.on('end', () => {
        const done = () => {
          resolve({
            status: res.statusCode ?? 0,
            connection: res.headers.connection,
            body: JSON.parse(text) as Sent['body'],
            closed: ended,
          });
          req.destroy();
        };
        if (ended) return done();
        const until = Date.now() + 5000;
        const wait = () => (ended || Date.now() > until ? done() : setTimeout(wait, 20));
        wait();
      });
    });
    req.on('error', (e) => {
      if (!answered) reject(e);
    });
    const chunk = Buffer.alloc(MB, 0x61);
    let sent = 0;
    const pump = () => {
      while (sent < total && !answered && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered && !req.destroyed) req.end();
    };
    pump();
  });
}

describe('request body limits: a 50 MB body to a real server process', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServerProcess({ SEED: '0', API_KEY });
  }, 60_000);
  afterAll(() => server?.stop());

  it('is refused with a JSON 413 and a closed connection on three routes, and the server’s memory stays flat', async () => {
    // Warm up the paths first, so that their code is loaded before the measurement starts.
    for (const path of ['/api/api-auth/login-sms', '/payments/liqpay/callback', feedbackSend.path]) {
      await postBytes(server.url, path, 2 * MB, { declared: true, type: 'application/json' });
    }
    const before = server.rss();
    const peakBefore = server.peakRss();
    const cases: Array<[path: string, type: string, declared: boolean]> = [
      ['/payments/liqpay/callback', 'application/x-www-form-urlencoded', true],
      ['/payments/liqpay/callback', 'application/x-www-form-urlencoded', false],
      ['/api/api-auth/login-sms', 'application/json', true],
      ['/api/api-auth/login-sms', 'application/json', false],
      [`${feedbackSend.path}?shop=glo`, 'multipart/form-data; boundary=x', true],
      [multiscanLoad.path, 'application/json', true],
    ];
    // Twice over: 600 MB in all.
    for (const [path, type, declared] of [...cases, ...cases]) {
      const r = await postBytes(server.url, path, 50 * MB, { declared, type });
      const what = `${path} ${declared ? 'with Content-Length' : 'chunked'}`;
      expect(r.status, what).toBe(413);
      expect(r.body.error?.code, what).toBe('payload_too_large');
      expect(r.body.error?.message, what).toMatch(/^Запит завеликий: не більше \d/);
      expect(r.connection, what).toBe('close');
      expect(r.closed, what).toBe(true);
    }
    // Unlimited, one such request grew the process by about as much as its body, or more (the
    // probe saw 190 MB -> 1.13 GB for 200 MB). Here 600 MB went in, and the highest the process
    // ever stood is less than one body above where it started: what arrives is dropped, and the
    // little garbage that costs is collected as it goes.
    expect(server.peakRss()).toBeLessThanOrEqual(Math.max(peakBefore, before + 40 * MB));
    expect(server.rss() - before).toBeLessThan(40 * MB);
    // The server still answers.
    expect((await fetch(`${server.url}/api/openapi.json`)).status).toBe(200);
  }, 60_000);

  it('an upload is read only for a signed-in member, and refused as soon as it passes its limit', async () => {
    const limit = UPLOAD_LIMITS.get(feedbackSend.path) as number;
    const type = 'multipart/form-data; boundary=x';
    // No sign-in: refused before the body is read (nobody can make the server hold 25 MB).
    const before = server.rss();
    const stranger = await postBytes(server.url, `${feedbackSend.path}?shop=glo`, 50 * MB, { declared: false, type });
    expect(stranger.status).toBe(401);
    expect(server.rss() - before).toBeLessThan(40 * MB);
    // A member (registered as the app does it): the body is read up to the limit, then 413.
    const phone = '380671234567';
    const form = { first_name: 'Нова', last_name: 'Учасниця', email: 'nova@example.com', phone, adult_confirmed: true };
    const json = { 'x-api-key': API_KEY, 'content-type': 'application/json' };
    expect(
      (
        await fetch(`${server.url}/api/api-auth/registration`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify(form),
        })
      ).status,
    ).toBe(200);
    const outbox = (await (await fetch(`${server.url}/dev/sms-outbox?phone=${phone}`)).json()) as {
      messages: Array<{ code: string }>;
    };
    const signedIn = await fetch(`${server.url}/api/api-auth/reg-auth`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ phone, code: outbox.messages[0]?.code }),
    });
    const { token } = (await signedIn.json()) as { token: string };
    const r = await postBytes(server.url, `${feedbackSend.path}?shop=glo`, 50 * MB, {
      declared: false,
      type,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(r.status).toBe(413);
    expect(r.body.error).toEqual({
      code: 'payload_too_large',
      message: `Запит завеликий: не більше ${(limit / MB).toFixed(1).replace('.', ',')} МБ`,
    });
    expect(r.connection).toBe('close');
    expect(r.closed).toBe(true);
  }, 30_000);
});

describe('request body limits: what stays within them', () => {
  let s: TestServer;
  let http: { url: string; close(): Promise<void> };
  beforeAll(async () => {
    s = await makeTestServer({ env: { BODY_LIMIT_BYTES: String(8 * 1024) } });
    http = await serveOverHttp(s);
  });
  afterAll(async () => {
    await http.close();
    await s.close();
  });

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${http.url}${path}`, {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json', ...headers },
      body,
    });

  it('BODY_LIMIT_BYTES sets the limit of the JSON calls: at it the call answers, one byte past it 413', async () => {
    const pad = (n: number) => {
      const base = '{"phone":"380671112233","x":""}';
      return `{"phone":"380671112233","x":"${'a'.repeat(n - base.length)}"}`;
    };
    const at = await post('/api/api-auth/login-sms', pad(8 * 1024));
    expect(at.status).toBe(200);
    const past = await post('/api/api-auth/login-sms', pad(8 * 1024 + 1));
    expect(past.status).toBe(413);
    expect(((await past.json()) as { error: { message: string } }).error.message).toBe(
      'Запит завеликий: не більше 8 КБ',
    );
  });

  it('a chunked JSON body within the limit is read whole and answered', async () => {
    const text = JSON.stringify({ phone: '380671112233' });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(text.slice(0, 10)));
        controller.enqueue(new TextEncoder().encode(text.slice(10)));
        controller.close();
      },
    });
    const r = await fetch(`${http.url}/api/api-auth/login-sms`, {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ sent: false, registered: false });
  });

  it('a feedback photo over 64 KB is read by the call after the sign-in check and stored', async () => {
    const m = await createMember(s);
    const order = await addOrder(s, m.glo.id);
    const token = await feedbackToken(s, m);
    const noise = Buffer.alloc(320 * 320 * 4);
    for (let i = 0; i < noise.length; i += 1) noise[i] = (i * 7919) % 251;
    const photo = new Uint8Array(jpeg.encode({ data: noise, width: 320, height: 320 }, 95).data);
    expect(photo.byteLength).toBeGreaterThan(64 * 1024);
    const form = new FormData();
    form.append('orderId', String(order));
    form.append('rating', '5');
    form.append('photos', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
    const r = await fetch(`${http.url}${feedbackSend.path}?shop=glo&token=${token}`, {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, authorization: `Bearer ${m.token}` },
      body: form,
    });
    expect(r.status).toBe(200);
    const answer = (await r.json()) as { feedback: { photos: Array<{ mime: string }> } };
    expect(answer.feedback.photos.map((p) => p.mime)).toEqual(['image/jpeg']);
  });

  it('a chunked upload within its limit reaches the call too', async () => {
    const m = await createMember(s);
    const text = JSON.stringify({
      user_id: m.glo.id,
      phone: m.phone,
      image: Buffer.alloc(200 * 1024, 7).toString('base64'),
    });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(text);
        for (let at = 0; at < bytes.length; at += 16 * 1024) controller.enqueue(bytes.subarray(at, at + 16 * 1024));
        controller.close();
      },
    });
    const r = await fetch(`${http.url}${multiscanLoad.path}`, {
      method: 'POST',
      headers: { 'x-api-key': API_KEY, 'content-type': 'application/json', authorization: `Bearer ${m.token}` },
      body,
      duplex: 'half',
    } as RequestInit);
    const answer = (await r.json()) as { error?: { code: string } };
    // Not a picture: the call read the body and said so.
    expect(r.status).toBeLessThan(500);
    expect(answer.error?.code).not.toBe('payload_too_large');
    expect(answer.error?.code).not.toBe('bad_json');
  });

  it('a photo upload has its own limit: 9 MB of multiscan JSON reaches the call, which gives its own answer', async () => {
    const m = await createMember(s);
    const image = Buffer.alloc(9 * MB, 1)
      .toString('base64')
      .slice(0, 9 * MB);
    const r = await post(multiscanLoad.path, JSON.stringify({ user_id: m.glo.id, phone: m.phone, image }), {
      authorization: `Bearer ${m.token}`,
    });
    // Not the listener's 413 payload_too_large: the call itself read the body and judged the photo.
    const body = (await r.json()) as { error?: { code: string } };
    expect(body.error?.code).not.toBe('payload_too_large');
  });
});
