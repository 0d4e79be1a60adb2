/**
 * A call's answer already serialized to JSON (a cached catalogue list): sent as it is, never
 * parsed or stringified again on the request path. `T` is the answer the text encodes, so a
 * handler may return it where that answer is expected; outside production the route still checks
 * the text against the call's response schema.
 */
import { gzipSync } from 'node:zlib';

const utf8 = new TextEncoder();

/** Answers shorter than this go uncompressed: gzip's header and the work would outweigh the gain. */
const GZIP_FROM_BYTES = 1024;

export class JsonText<T> {
  /** Type only: the answer this text encodes. */
  declare readonly answer?: T;
  #bytes: Uint8Array<ArrayBuffer> | undefined;
  #gzip: Uint8Array<ArrayBuffer> | null | undefined;

  constructor(readonly text: string) {}

  /** The text as UTF-8, encoded once however often it is sent (keep the object to reuse it). */
  get bytes(): Uint8Array<ArrayBuffer> {
    return (this.#bytes ??= utf8.encode(this.text));
  }

  /**
   * The same bytes gzipped, compressed once however often they are sent, or null for a short
   * answer. Every browser accepts gzip: on a slow mobile link a catalogue list then costs a
   * fifth of its bytes, and the server writes that much less per request.
   */
  get gzip(): Uint8Array<ArrayBuffer> | null {
    if (this.#gzip === undefined) {
      const bytes = this.bytes;
      this.#gzip = bytes.byteLength < GZIP_FROM_BYTES ? null : new Uint8Array(gzipSync(bytes, { level: 9 }));
    }
    return this.#gzip;
  }
}

/** The JSON text of an answer, whether it comes serialized or as an object. */
export function jsonTextOf(body: unknown): string {
  return body instanceof JsonText ? body.text : JSON.stringify(body);
}
