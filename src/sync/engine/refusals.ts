import type { OutboxEntry } from '../../db/rows-sync';
import type { MutationRegistry, RefusalNotice } from './registry';
import { memberReason } from './status';

/**
 * What the member is told of a refused entry: what was not saved (the kind says, or its title),
 * why (in the member's words, never a developer's) and where to put it right.
 */
export function refusalNotice(registry: MutationRegistry, entry: OutboxEntry): RefusalNotice {
  const kind = registry.get(entry.kind);
  const error = entry.lastError ?? { status: 0, code: 'unknown', message: 'Причина невідома', at: entry.createdAt };
  const plain = { ...error, message: memberReason(error) };
  if (kind?.describeRefusal) return kind.describeRefusal(entry as OutboxEntry<never>, plain);
  return { what: kind?.title ?? 'Зміна', why: plain.message };
}
