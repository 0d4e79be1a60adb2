import { getRequestListener } from '@hono/node-server';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Request bodies of at most this many bytes (by Content-Length) are read before dispatch. */
export const PRE_READ_MAX_BYTES = 64 * 1024;

/** A Node request whose body was read in full before the app saw it. */
export type PreReadIncoming = IncomingMessage & { rawBody?: Buffer };

type Fetch = Parameters<typeof getRequestListener>[0];

/**
 * The Node request listener of the app. A small body (every JSON call; a short form) is read here,
 * with plain `data` and `end` listeners, and handed to the app as `incoming.rawBody`, the hook
 * @hono/node-server itself honours (it serves `c.req.text()` and forms from it). The app can then
 * take the body without a promise (route.ts `bodyText`) and answer at once, which the adapter
 * writes on its direct path; reading the same body through the adapter's stream wrapper and a
 * promise costs a JSON POST as much server CPU again as a whole GET here (bench/server-load).
 *
 * A body without Content-Length (chunked) or above {@link PRE_READ_MAX_BYTES} (a photo) is left
 * to the adapter, which streams it, so a route's own body limit still applies before it is all
 * in memory. A client that goes away mid-body never reaches the app: nobody is left to answer,
 * and Node emits no 'error' on a request that has no listener for it.
 */
export function requestListener(fetch: Fetch): (incoming: IncomingMessage, outgoing: ServerResponse) => void {
  const dispatch = getRequestListener(fetch);
  return (incoming, outgoing) => {
    const length = Number(incoming.headers['content-length']);
    if (!(length > 0 && length <= PRE_READ_MAX_BYTES)) {
      void dispatch(incoming, outgoing);
      return;
    }
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.once('end', () => {
      (incoming as PreReadIncoming).rawBody = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks);
      void dispatch(incoming, outgoing);
    });
  };
}

/** Serves `fetch` on `port` (0: any free one) through {@link requestListener}; resolves once listening. */
export function listen(fetch: Fetch, port: number, hostname: string): Promise<{ server: Server; port: number }> {
  const server = createServer(requestListener(fetch));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, hostname, () => {
      server.off('error', reject);
      resolve({ server, port: (server.address() as AddressInfo).port });
    });
  });
}
