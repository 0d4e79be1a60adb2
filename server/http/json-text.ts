/**
 * A call's answer already serialized to JSON (a cached catalogue list): sent as it is, never
 * parsed or stringified again on the request path. `T` is the answer the text encodes, so a
 * handler may return it where that answer is expected; outside production the route still checks
 * the text against the call's response schema.
 */
const utf8 = new TextEncoder();

export class JsonText<T> {
  /** Type only: the answer this text encodes. */
  declare readonly answer?: T;
  #bytes: Uint8Array<ArrayBuffer> | undefined;

  constructor(readonly text: string) {}

  /** The text as UTF-8, encoded once however often it is sent (keep the object to reuse it). */
  get bytes(): Uint8Array<ArrayBuffer> {
    return (this.#bytes ??= utf8.encode(this.text));
  }
}

/** The JSON text of an answer, whether it comes serialized or as an object. */
export function jsonTextOf(body: unknown): string {
  return body instanceof JsonText ? body.text : JSON.stringify(body);
}
