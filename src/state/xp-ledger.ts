import { useLiveQuery } from 'dexie-react-hooks';
import { db as appDb } from '../db/db';
import type { Variant } from '../db/rows-catalogue';
import type { OutboxEntry } from '../db/rows-sync';
import { pendingSum, type LedgerLine } from '../domain/xp/ledger';
import { refusalNotice } from '../sync/engine/refusals';
import type { MutationRegistry } from '../sync/engine/registry';
import { useSyncMaybe } from './sync-context';

const NONE: LedgerLine[] = [];

/** An outbox entry that moves XP, as a ledger line: waiting, being checked, or refused with why. */
function entryLine(registry: MutationRegistry, e: OutboxEntry): LedgerLine | null {
  const move = registry.get(e.kind)?.xpMove?.(e as OutboxEntry<never>);
  if (!move) return null;
  const base = {
    key: `entry:${e.id}`,
    amount: move.amount,
    what: move.what,
    source: move.source,
    at: e.createdAt,
    balanceAfter: null,
    entryId: e.id,
  };
  if (e.state !== 'failed') return { ...base, state: e.state === 'sending' ? 'checking' : 'waiting' };
  const notice = refusalNotice(registry, e);
  return {
    ...base,
    state: 'refused',
    why: notice.why,
    final: notice.final,
    ...(notice.fixAt ? { fix: notice.fixAt } : {}),
  };
}

/**
 * The XP movements of a variant still in the outbox: each action that moves XP says
 * what it is (`xpMove` of its kind), so a code scanned offline is in the ledger at once. Live
 * across tabs; `undefined` while the sync engine or the query is loading.
 */
export function useXpOutbox(variant: Variant): LedgerLine[] | undefined {
  const rt = useSyncMaybe();
  return useLiveQuery(async () => {
    if (!rt) return undefined;
    const entries = await appDb.outbox.orderBy('seq').toArray();
    return entries.filter((e) => e.account.variant === variant).flatMap((e) => entryLine(rt.registry, e) ?? []);
  }, [rt, variant]);
}

/** What is on its way for the home balance: «+N XP очікує». */
export function useXpPending(variant: Variant): ReturnType<typeof pendingSum> {
  return pendingSum(useXpOutbox(variant) ?? NONE);
}
