import { getRequestListener } from '@hono/node-server';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

/**
 * A Node request as the app sees it. A chunked body (no Content-Length) is left to the app with
 * its path's limit: the app counts it while reading (server/http/request-body.ts).
 */
export type LimitedIncoming = IncomingMessage & {
  /** A chunked body's limit in bytes, counted by the app while it reads. */
  bodyLimit?: number;
  /** Called by the app when a body passes `bodyLimit`: the connection closes after its 413. */
  refuseBody?: () => void;
};

type Fetch = Parameters<typeof getRequestListener>[0];

/** What the listener enforces besides serving the app (server/main.ts gives both). */
export interface ListenerOptions {
  /**
   * The largest body in bytes a request on a path (no query string) may carry. With it, a
   * Content-Length above the limit is answered 413 before a byte is read, and a chunked body is
   * counted by the app while it reads it (past the limit: 413, connection closed). The app reads a
   * body only once the key and the member are checked, so that nobody can make the server hold
   * megabytes without signing in. Without `bodyLimit`, no body is limited.
   */
  bodyLimit?: (path: string) => number;
  /** Headers every answer on a path starts with (a header the app sets of the same name wins). */
  headers?: (path: string, incoming?: IncomingMessage) => ReadonlyArray<readonly [string, string]>;
}

/** The message of every 413 for a body past `limit` bytes: «… не більше 64 КБ», «… 25,3 МБ». */
export function tooLargeMessage(limit: number): string {
  const size =
    limit < 1024 * 1024
      ? `${Math.floor(limit / 1024)} КБ`
      : `${(limit / 1024 / 1024).toFixed(1).replace('.', ',').replace(/,0$/, '')} МБ`;
  return `Запит завеликий: не більше ${size}`;
}

/** How long a refused connection lingers after its 413 before it is cut (see lingerThenClose). */
const CUT_AFTER_MS = 2000;

const pathOf = (url: string | undefined) => {
  const u = url ?? '/';
  const q = u.indexOf('?');
  return q === -1 ? u : u.slice(0, q);
};

/**
 * The Node request listener of the app: @hono/node-server's, with the security headers of every
 * answer and the body limits. With a `bodyLimit` (the server's, see server/main.ts), a
 * Content-Length above the path's limit is refused before a byte is read; a chunked body gets the
 * limit on the request (`bodyLimit`), which the app counts while it reads, so memory never holds
 * more than the limit. A body with a Content-Length within the limit cannot pass it: Node's parser
 * reads no more than that.
 */
export function requestListener(
  fetch: Fetch,
  options: ListenerOptions = {},
): (incoming: IncomingMessage, outgoing: ServerResponse) => void {
  const dispatch = getRequestListener(fetch);
  const { bodyLimit, headers } = options;
  return (incoming, outgoing) => {
    const path = headers || bodyLimit ? pathOf(incoming.url) : '';
    if (headers) for (const [name, value] of headers(path, incoming)) outgoing.setHeader(name, value);
    if (bodyLimit) {
      const limit = bodyLimit(path);
      if (Number(incoming.headers['content-length']) > limit) {
        refuseTooLarge(incoming, outgoing, limit);
        return;
      }
      if (incoming.headers['transfer-encoding'] !== undefined) {
        const chunked = incoming as LimitedIncoming;
        chunked.bodyLimit = limit;
        chunked.refuseBody = () => lingerThenClose(incoming, false);
      }
    }
    void dispatch(incoming, outgoing);
  };
}

/**
 * 413 with the JSON error shape and `Connection: close`, before the app has seen the request.
 */
function refuseTooLarge(incoming: IncomingMessage, outgoing: ServerResponse, limit: number): void {
  const body = JSON.stringify({ error: { code: 'payload_too_large', message: tooLargeMessage(limit) } });
  lingerThenClose(incoming, true);
  outgoing.writeHead(413, {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  });
  outgoing.end(body);
}

/**
 * Prepares the close after a 413 that says `Connection: close`. The client may still be sending:
 * if the connection were torn down at once (what Node does once such an answer is written), the
 * reset would reach it before it reads the answer, and it would see only a broken pipe. So the
 * close lingers, as nginx's does: once the answer is written our side ends (FIN) and reading
 * stops, so what the client still sends stays in the kernel's buffers, never in memory; the
 * socket is destroyed {@link CUT_AFTER_MS} later, or as soon as it closes. What was read is dropped.
 */
function lingerThenClose(incoming: IncomingMessage, dropWhatArrives: boolean): void {
  const socket = incoming.socket;
  if (dropWhatArrives) {
    incoming.on('data', () => {});
    incoming.resume();
  }
  // Node's http server calls this once the answer is written (res._last): end, don't destroy.
  socket.destroySoon = function lingeringClose() {
    socket.end();
    socket.pause();
  };
  const timer = setTimeout(() => socket.destroy(), CUT_AFTER_MS);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));
}

/**
 * A request Node's parser refuses before the app sees it (a head over 16 KB, a malformed request
 * line or header) answered as the app answers: the JSON error shape with the headers of the API's
 * JSON answers (its path is not known), and the connection closed. Node's own answer is a bare
 * status line.
 */
function answerClientError(options: ListenerOptions): (err: Error & { code?: string }, socket: Duplex) => void {
  return (err, socket) => {
    if (!socket.writable || err.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? '431 Request Header Fields Too Large' : '400 Bad Request';
    const body = JSON.stringify({
      error: tooLarge
        ? { code: 'headers_too_large', message: 'Адреса або заголовки запиту задовгі' }
        : { code: 'bad_request', message: 'Некоректний запит' },
    });
    const headers = [
      ...(options.headers?.('/api') ?? []),
      ['content-type', 'application/json; charset=UTF-8'],
      ['content-length', String(Buffer.byteLength(body))],
      ['connection', 'close'],
    ];
    socket.end(`HTTP/1.1 ${status}\r\n${headers.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body}`);
  };
}

/** Serves `fetch` on `port` (0: any free one) through {@link requestListener}; resolves once listening. */
export function listen(
  fetch: Fetch,
  port: number,
  hostname: string,
  options: ListenerOptions = {},
): Promise<{ server: Server; port: number }> {
  const server = createServer(requestListener(fetch, options));
  server.on('clientError', answerClientError(options));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => {
      server.off('error', reject);
      resolve({ server, port: (server.address() as AddressInfo).port });
    });
  });
}
