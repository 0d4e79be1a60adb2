import type { Variant } from './rows-catalogue';

/**
 * A server answer kept whole for reading offline (vocabulary terms, stores, subscription plans,
 * the marathon, invite FAQ, certificate categories and partners...), keyed by what was asked.
 * `key` names the call and its arguments, e.g. `vocabulary:velo`, `cert-partners:4`.
 */
export interface DocRow<T = unknown> {
  variant: Variant;
  key: string;
  value: T;
  /** Epoch ms of the pull that wrote it. */
  fetchedAt: number;
}
