import type { DocRow } from '../../db/rows-docs';
import type { Variant } from '../../db/rows-catalogue';
import type { PullContext, Puller } from './puller';

export interface DocPullerOptions<T> {
  /** The `docs` key, naming the call and its arguments: `vocabulary:velo`, `cert-partners:4`. */
  key: string;
  variant: Variant;
  /** Fresh for this many ms (docs/rules.md#constants lifetimes where it names one). */
  freshFor: number;
  /** Overrides `freshFor` from the answer (tokens: until their server expiry); epoch ms. */
  freshUntil?(value: T, now: number): number;
  /** The validated answer to keep, or null when there is nothing to ask (signed out). */
  fetch(ctx: PullContext): Promise<T | null>;
}

/**
 * A puller that keeps one server answer whole in `docs` for reading offline (the read path of
 * docs/architecture.md#data-flow: an answer with an `error` field throws in the transport and is never stored).
 * Its freshness stamp is per key and variant: `doc:<variant>:<key>`.
 */
export function docPuller<T>(o: DocPullerOptions<T>): Puller<T> {
  return {
    name: `doc:${o.variant}:${o.key}`,
    freshFor: o.freshFor,
    ...(o.freshUntil ? { freshUntil: o.freshUntil } : {}),
    tables: ['docs'],
    fetch: o.fetch,
    async write(value, db, now) {
      const row: DocRow<T> = { variant: o.variant, key: o.key, value, fetchedAt: now };
      await db.docs.put(row);
    },
  };
}
