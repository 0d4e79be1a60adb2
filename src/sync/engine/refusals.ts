import type { OutboxEntry } from '../../db/rows-sync';
import type { MutationRegistry, RefusalNotice } from './registry';
import { refusalVerdict, SUPPORT_FIX } from './refusal-finality';
import { memberReason } from './status';

/** A refusal as the member is told of it: the kind's notice, and whether a later try can pass. */
export interface ShownRefusal extends RefusalNotice {
  /** No later try can pass: «Прибрати» only (and support where it helps), never «Повторити». */
  final: boolean;
}

/**
 * What the member is told of a refused entry: what was not saved (the kind says, or its title),
 * why (in the member's words, never a developer's), where to put it right (support, where only
 * the club can help) and whether trying again can help (./refusal-finality.ts).
 */
export function refusalNotice(registry: MutationRegistry, entry: OutboxEntry): ShownRefusal {
  const kind = registry.get(entry.kind);
  const error = entry.lastError ?? { status: 0, code: 'unknown', message: 'Причина невідома', at: entry.createdAt };
  const plain = { ...error, message: memberReason(error) };
  const notice = kind?.describeRefusal
    ? kind.describeRefusal(entry as OutboxEntry<never>, plain)
    : { what: kind?.title ?? 'Зміна', why: plain.message };
  const verdict = refusalVerdict(error);
  return { ...notice, final: verdict.final, ...(verdict.support ? { fixAt: SUPPORT_FIX } : {}) };
}
