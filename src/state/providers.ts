import { useKv } from '../db/hooks';
import type { ServerProviders } from '../db/kv';

/**
 * Whether the server has an outside service on (get-version's `providers`). Until the
 * server has said (first start, offline), a service counts as on: the server still refuses what
 * is off, with its own clear answer.
 */
export function useProviderOn(name: keyof ServerProviders): boolean {
  const providers = useKv('providers');
  return providers?.[name] ?? true;
}
