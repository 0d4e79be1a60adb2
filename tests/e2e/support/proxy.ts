import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What a tap decides for one request: 'answer' passes the server's answer on (sending the request
 * first if the tap did not), 'drop' cuts the browser's connection with no answer (if the tap
 * called `forward`, the server has handled the request all the same: an answer lost on the way),
 * `{ status }` answers that error status itself, as a failing server would (the server never sees it).
 */
export type TapVerdict = 'answer' | 'drop' | { status: number };
export type Tap = (req: { method: string; path: string }, forward: () => Promise<number>) => Promise<TapVerdict>;

export interface Proxy {
  /** The origin the browser uses (the app and the API, as the server serves them). */
  url: string;
  /** Decides what happens to requests whose path contains `pathPart` (one tap at a time). */
  tap(pathPart: string, tap: Tap): void;
  untap(): void;
  close(): Promise<void>;
}

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

function readAll(s: NodeJS.ReadableStream): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    s.on('data', (c: Buffer) => parts.push(c));
    s.on('end', () => resolve(Buffer.concat(parts)));
    s.on('error', reject);
  });
}

/**
 * A small HTTP proxy in front of the real server, so a test can hold, pass or cut a request
 * where the browser cannot see it (Playwright's routes do not hold requests a service worker
 * lets through). A request that finds the server down has its connection cut, as a dead server's would.
 */
export async function startProxy(targetPort: number): Promise<Proxy> {
  let current: { part: string; tap: Tap } | null = null;
  const send = (req: IncomingMessage, body: Buffer) =>
    new Promise<Answer>((resolve, reject) => {
      const out = httpRequest(
        { host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: req.headers },
        async (res) => {
          try {
            resolve({ status: res.statusCode ?? 502, headers: res.headers, body: await readAll(res) });
          } catch (e) {
            reject(e);
          }
        },
      );
      out.on('error', reject);
      out.end(body);
    });
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readAll(req);
      let answer: Answer | null = null;
      let failed = false;
      const forward = async () => {
        try {
          answer ??= await send(req, body);
          return answer.status;
        } catch {
          failed = true;
          return 0;
        }
      };
      const path = req.url ?? '/';
      const verdict =
        current && path.includes(current.part)
          ? await current.tap({ method: req.method ?? 'GET', path }, forward)
          : 'answer';
      if (typeof verdict === 'object') {
        const body = JSON.stringify({ error: { code: 'internal', message: 'Сталася помилка. Спробуй пізніше' } });
        res.writeHead(verdict.status, {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        });
        res.end(body);
        return;
      }
      if (verdict === 'answer' && !answer && !failed) await forward();
      if (verdict === 'drop' || !answer) {
        req.socket.destroy();
        return;
      }
      const a: Answer = answer;
      const headers = { ...a.headers };
      delete headers['transfer-encoding'];
      headers['content-length'] = String(a.body.length);
      res.writeHead(a.status, headers);
      res.end(a.body);
    })().catch(() => req.socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://localhost:${port}`,
    tap(part, tap) {
      current = { part, tap };
    },
    untap() {
      current = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
