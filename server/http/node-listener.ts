import { getRequestListener } from '@hono/node-server';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

/** Request bodies of at most this many bytes (by Content-Length) are read before dispatch. */
export const PRE_READ_MAX_BYTES = 64 * 1024;

/**
 * A Node request whose body was read in full before the app saw it (`rawBody`), or, for an
 * upload, one whose body the app reads itself within `bodyLimit` (see ListenerOptions).
 */
export type PreReadIncoming = IncomingMessage & {
  rawBody?: Buffer;
  /** An upload left for the app to read: its limit in bytes (server/http/route.ts counts it). */
  bodyLimit?: number;
  /** Called by the app when an upload passes `bodyLimit`: the connection closes after its 413. */
  refuseBody?: () => void;
};

type Fetch = Parameters<typeof getRequestListener>[0];

/** What the listener enforces besides serving the app (server/main.ts gives both). */
export interface ListenerOptions {
  /**
   * The largest body in bytes a request on a path (no query string) may carry. With it, a
   * Content-Length above the limit is answered 413 before a byte is read, and every body is
   * counted while it arrives. A body within {@link PRE_READ_MAX_BYTES} is read here and handed to
   * the app whole (past the limit: 413, connection closed). A larger limit is an upload's: its
   * body is left to the call, which reads it once the key and the member are checked, counting it
   * against `incoming.bodyLimit` (server/http/route.ts), so that nobody can make the server hold
   * megabytes without signing in. Without `bodyLimit`, every body is left to the adapter.
   */
  bodyLimit?: (path: string) => number;
  /** Headers every answer on a path starts with (a header the app sets of the same name wins). */
  headers?: (path: string, incoming?: IncomingMessage) => ReadonlyArray<readonly [string, string]>;
}

/** The message of every 413 for a body past `limit` bytes: «… не більше 64 КБ», «… 25,3 МБ». */
export function tooLargeMessage(limit: number): string {
  const size = limit < 1024 * 1024 ? `${Math.floor(limit / 1024)} КБ` : `${(limit / 1024 / 1024).toFixed(1).replace('.', ',').replace(/,0$/, '')} МБ`;
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
 * The Node request listener of the app. A small body (every JSON call; a short form) is read here,
 * with plain `data` and `end` listeners, and handed to the app as `incoming.rawBody`, the hook
 * @hono/node-server itself honours (it serves `c.req.text()` and forms from it). The app can then
 * take the body without a promise (route.ts `bodyText`) and answer at once, which the adapter
 * writes on its direct path; reading the same body through the adapter's stream wrapper and a
 * promise costs a JSON POST as much server CPU again as a whole GET here (bench/server-load).
 *
 * With a `bodyLimit` (the server's, see server/main.ts), every body is counted against its path's
 * limit: a Content-Length above it is refused before a byte is read, and a chunked body as soon
 * as it passes it, so memory never holds more than the limit; an upload's is counted by the call
 * (see ListenerOptions). Without one, every body is left to the adapter, which streams it. A client that goes away mid-body never
 * reaches the app: nobody is left to answer, and Node emits no 'error' on a request that has no
 * listener for it.
 */
export function requestListener(fetch: Fetch, options: ListenerOptions = {}): (incoming: IncomingMessage, outgoing: ServerResponse) => void {
  const dispatch = getRequestListener(fetch);
  const { bodyLimit, headers } = options;
  const handOver = (incoming: IncomingMessage, outgoing: ServerResponse, body: Buffer) => {
    (incoming as PreReadIncoming).rawBody = body;
    void dispatch(incoming, outgoing);
  };
  return (incoming, outgoing) => {
    const path = headers || bodyLimit ? pathOf(incoming.url) : '';
    if (headers) for (const [name, value] of headers(path, incoming)) outgoing.setHeader(name, value);
    const length = Number(incoming.headers['content-length']);
    // No limits to enforce (a test's server): the adapter reads every body itself.
    if (!bodyLimit) {
      void dispatch(incoming, outgoing);
      return;
    }
    const limit = bodyLimit(path);
    if (length > limit) {
      refuseTooLarge(incoming, outgoing, limit);
      return;
    }
    // No Content-Length and no Transfer-Encoding: no body at all (RFC 9112 §6.3).
    if (!(length > 0) && incoming.headers['transfer-encoding'] === undefined) {
      void dispatch(incoming, outgoing);
      return;
    }
    if (limit > PRE_READ_MAX_BYTES && !(length <= PRE_READ_MAX_BYTES)) {
      const upload = incoming as PreReadIncoming;
      upload.bodyLimit = limit;
      upload.refuseBody = () => lingerThenClose(incoming, false);
      void dispatch(incoming, outgoing);
      return;
    }
    readBody(incoming, limit, (body) => (body ? handOver(incoming, outgoing, body) : refuseTooLarge(incoming, outgoing, limit)));
  };
}

/** Reads a body whole; `done(null)` as soon as it passes `limit` bytes (what came is dropped). */
function readBody(incoming: IncomingMessage, limit: number, done: (body: Buffer | null) => void): void {
  const chunks: Buffer[] = [];
  let total = 0;
  const onData = (chunk: Buffer) => {
    if (total + chunk.length > limit) {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      chunks.length = 0;
      done(null);
      return;
    }
    chunks.push(chunk);
    total += chunk.length;
  };
  const onEnd = () => {
    done(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total));
  };
  incoming.on('data', onData);
  incoming.once('end', onEnd);
}

/**
 * 413 with the JSON error shape and `Connection: close`, before the app has seen the request.
 */
function refuseTooLarge(incoming: IncomingMessage, outgoing: ServerResponse, limit: number): void {
  const body = JSON.stringify({ error: { code: 'payload_too_large', message: tooLargeMessage(limit) } });
  lingerThenClose(incoming, true);
  outgoing.writeHead(413, { 'content-type': 'application/json; charset=UTF-8', 'content-length': String(Buffer.byteLength(body)), connection: 'close' });
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
      error: tooLarge ? { code: 'headers_too_large', message: 'Адреса або заголовки запиту задовгі' } : { code: 'bad_request', message: 'Некоректний запит' },
    });
    const headers = [...(options.headers?.('/api') ?? []), ['content-type', 'application/json; charset=UTF-8'], ['content-length', String(Buffer.byteLength(body))], ['connection', 'close']];
    socket.end(`HTTP/1.1 ${status}\r\n${headers.map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body}`);
  };
}

/** Serves `fetch` on `port` (0: any free one) through {@link requestListener}; resolves once listening. */
export function listen(fetch: Fetch, port: number, hostname: string, options: ListenerOptions = {}): Promise<{ server: Server; port: number }> {
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
