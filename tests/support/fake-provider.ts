import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface FakeProvider {
  /** http://127.0.0.1:<port> */
  origin: string;
  requests: FakeRequest[];
  close(): Promise<void>;
}

export interface FakeAnswer {
  status?: number;
  json: unknown;
}

/**
 * A local stand-in for an outside provider's HTTP API (SMS gateway, payment status) on
 * 127.0.0.1: every request is recorded and answered by `answer` with a status and a JSON body
 * (or a promise of them, for an answer that takes a while).
 */
export async function startFakeProvider(
  answer: (req: FakeRequest) => FakeAnswer | Promise<FakeAnswer>,
): Promise<FakeProvider> {
  const requests: FakeRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const r: FakeRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body };
      requests.push(r);
      void Promise.resolve(answer(r)).then((out) =>
        res.writeHead(out.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(out.json)),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
