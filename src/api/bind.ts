import type { CallDef, CallRequest, CallResponse } from '../contract/define';
import type { SendOptions, Transport } from './transport';

/** One typed function per call of a contract group. */
export type BoundCalls<G> = {
  [K in keyof G]: G[K] extends CallDef
    ? (input: CallRequest<G[K]>, opts?: SendOptions) => Promise<CallResponse<G[K]>>
    : never;
};

/**
 * Turns a contract group (`shopCalls`, `userCalls`...) into typed functions over a transport,
 * so every call the server engineers declare is covered without hand-written wrappers:
 * `bindCalls(t, userCalls).createMetafields({ ... }, { idempotencyKey })`.
 */
export function bindCalls<G extends Record<string, CallDef>>(transport: Transport, group: G): BoundCalls<G> {
  const out: Record<string, (input: unknown, opts?: SendOptions) => Promise<unknown>> = {};
  for (const [name, call] of Object.entries(group)) {
    out[name] = (input, opts) => transport.send(call, input as CallRequest<typeof call>, opts);
  }
  return out as BoundCalls<G>;
}
