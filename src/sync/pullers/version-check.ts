import { systemApi } from '../../api/groups/system';
import { CONTENT_FLAG_KEYS, kvDelete, kvSet, type ServerProviders } from '../../db/kv';
import { APP_VERSION_KEY } from '../auth/logout';
import { FRESH_FOR } from './freshness';
import type { Puller } from './puller';

/** Where the last seen version is kept: localStorage, the one key that survives logout (docs/rules.md#states). */
export interface VersionStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface VersionCheckEnv {
  storage: VersionStorage;
  /** Deletes every Cache Storage cache (`caches.keys()` then `caches.delete`). */
  clearCaches(): Promise<void>;
  reload(): void;
}

interface VersionAnswer {
  version: string;
  changed: boolean;
  providers: ServerProviders | null;
}

/**
 * docs/rules.md#states app version check: at most once per 5 minutes, POST /api/get-version; when the server's
 * version differs from the stored one: store it, clear cached content flags, delete all caches,
 * reload. The first answer on a device is only stored.
 */
export function versionCheck(env: VersionCheckEnv): Puller<VersionAnswer> {
  return {
    name: 'versionCheck',
    freshFor: FRESH_FOR.versionCheck,
    tables: [],
    async fetch({ transport }) {
      const stored = env.storage.getItem(APP_VERSION_KEY);
      const { version, providers } = await systemApi(transport).getVersion(stored ? { current: stored } : {});
      return { version, changed: stored !== null && stored !== version, providers: providers ?? null };
    },
    async write({ changed, providers }, db) {
      if (changed) await kvDelete(db, ...CONTENT_FLAG_KEYS);
      // which services the server has on, for the screens that offer them.
      if (providers) await kvSet(db, 'providers', providers);
    },
    async after({ version, changed }) {
      env.storage.setItem(APP_VERSION_KEY, version);
      if (!changed) return;
      await env.clearCaches();
      env.reload();
    },
  };
}

/** Deletes every cache of the origin (Cache Storage), where it exists. */
export async function deleteAllCaches(storage: CacheStorage | undefined = globalThis.caches): Promise<void> {
  if (!storage) return;
  await Promise.all((await storage.keys()).map((k) => storage.delete(k)));
}
