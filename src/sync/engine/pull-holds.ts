import type { ClubDb } from '../../db/database';
import { peekViewsDue, stampsOfViews } from './views';

/**
 * Pulls that would only compete with the member's own changes (docs/architecture.md#outbox: the outbox goes
 * first). On a slow link that comes and goes, each reconnect used to pull the month's figures
 * again while the codes it would count were still on their way up.
 *
 * - A view a change still waiting in the outbox (not refused) will move is not pulled: its answer
 *   would carry the figures from before that change. Its settlement queues the view (views.ts).
 * - A view already queued is pulled by the views refresher alone (../views-refresh.ts), at most
 *   once in its window, once nothing waiting holds it; the other pulls leave it to it. (Every page
 *   runtime has one: src/sync/start.ts. The service worker runs no pullers.)
 */

/** The stamps of the changes still waiting (pending or being sent) in the outbox. */
export async function waitingStamps(db: ClubDb): Promise<Set<string>> {
  const out = new Set<string>();
  for (const e of await db.outbox.toArray()) if (e.state !== 'failed') for (const s of e.stamps ?? []) out.add(s);
  return out;
}

/** The stamps an unforced pull leaves alone: what waiting changes will move, and the views queued for the refresher. */
export async function heldStamps(db: ClubDb): Promise<Set<string>> {
  const held = await waitingStamps(db);
  for (const s of stampsOfViews(await peekViewsDue(db))) held.add(s);
  return held;
}
