import type { Context } from 'hono';
import { parseBody } from 'hono/utils/body';
import type { AppEnv } from '../context';
import { ApiError, badRequest } from '../errors';
import { tooLargeMessage, type LimitedIncoming } from './node-listener';

/** What a form holds: every field, files included (repeated fields as lists). */
export type FormFields = Record<string, string | File | (string | File)[]>;

/**
 * A request's body as bytes. A chunked body that the listener gave a limit (http/node-listener.ts)
 * is counted while it arrives: past the limit, 413 and the connection closes after it. Any other
 * body is read by the adapter (a Content-Length within the limit bounds it; under `app.request`
 * there is no limit). Called once the key and the member are checked, so that nobody can make the
 * server hold a large body without signing in.
 */
export async function requestBytes(c: Context<AppEnv>): Promise<Uint8Array<ArrayBuffer>> {
  const incoming = c.env?.incoming;
  try {
    if (incoming?.bodyLimit === undefined) return new Uint8Array(await c.req.arrayBuffer());
    return await readCounted(c, incoming, incoming.bodyLimit);
  } catch (e) {
    // A client that went away mid-body: nobody is left to answer, and it is no fault of the server.
    if (incoming && !incoming.complete && !(e instanceof ApiError))
      throw badRequest('incomplete_body', 'Запит надійшов не повністю');
    throw e;
  }
}

const utf8 = new TextDecoder();

/** A request's body as UTF-8 text (see requestBytes). */
export async function requestText(c: Context<AppEnv>): Promise<string> {
  return utf8.decode(await requestBytes(c));
}

/**
 * A multipart or urlencoded form (see requestBytes); the caller answers a form it cannot read.
 * `all`: a repeated field as a list of its values (else its last value), as Hono's parseBody.
 */
export async function requestForm(c: Context<AppEnv>, all = false): Promise<FormFields> {
  const body = await requestBytes(c);
  const request = new Request('http://form.invalid/', {
    method: 'POST',
    headers: { 'content-type': c.req.header('content-type') ?? '' },
    body,
  });
  return (await parseBody(request, { all })) as FormFields;
}

async function readCounted(
  c: Context<AppEnv>,
  incoming: LimitedIncoming,
  limit: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const reader = c.req.raw.body?.getReader();
  if (!reader) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      reader.releaseLock();
      incoming.refuseBody?.();
      throw new ApiError(413, 'payload_too_large', tooLargeMessage(limit), { connection: 'close' });
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}
