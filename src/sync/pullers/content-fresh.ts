import type { ClubDb } from '../../db/database';
import { kvGet, kvSet } from '../../db/kv';
import { runPuller, type PullContext, type Puller, type PullResult } from './puller';

/** Every content puller's name starts with this (news, FAQ and other pages, vocabulary, stores). */
export const CONTENT_PULLER_PREFIX = 'content:';

/**
 * docs/rules.md#states: a new server version clears the cached content flags (the version check deletes
 * `contentFlag`). The first content pull after that drops the freshness stamp of every content
 * puller, so each content screen is asked afresh when next opened, not after its lifetime.
 */
export async function renewContentFlag(db: ClubDb, now: number): Promise<boolean> {
  return db.transaction('rw', db.kv, async () => {
    if ((await kvGet(db, 'contentFlag')) !== undefined) return false;
    await db.kv.where('key').startsWith(`fresh:${CONTENT_PULLER_PREFIX}`).delete();
    await kvSet(db, 'contentFlag', now, now);
    return true;
  });
}

/** Runs a content puller (name under CONTENT_PULLER_PREFIX) after the version flag is checked. Never throws. */
export async function runContentPuller<T>(p: Puller<T>, ctx: PullContext, force = false): Promise<PullResult> {
  if (ctx.online()) {
    try {
      await renewContentFlag(ctx.db, ctx.now());
    } catch {
      // The flag is a freshness hint; a failed write must not stop the pull.
    }
  }
  return runPuller(p, ctx, force);
}
