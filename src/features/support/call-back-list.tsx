import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef } from 'react';
import { db } from '../../db/db';
import type { CallBackRow } from '../../db/rows-queued';
import { addDays, kyivParts } from '../../domain/format/kyiv-time';
import { useAppSession } from '../../state/session';
import { toasts } from '../../ui/toast-store';
import { SUPPORT_COPY as T } from './copy';

/**
 * The member's call-back requests on this device, newest first, each with where it stands:
 * waiting in the outbox, accepted by the server (with the day and window it confirmed), or
 * refused with the server's reason. A request that goes through while the screen is open is
 * confirmed with a toast.
 */
export function CallBackList() {
  const { variant } = useAppSession();
  const rows = useLiveQuery(
    async () => (await db.callBacks.where('variant').equals(variant).sortBy('createdAt')).reverse(),
    [variant],
  );
  const seen = useRef<Map<string, CallBackRow['state']> | null>(null);

  useEffect(() => {
    if (!rows) return;
    const before = seen.current;
    if (before) {
      for (const r of rows) {
        const was = before.get(r.id);
        if (was === 'waiting' && r.state === 'sent') toasts.show(T.sentToast, { kind: 'success' });
        if (was === 'waiting' && r.state === 'refused')
          toasts.show(`${T.refusedToast}: ${r.message ?? ''}`.trim(), { kind: 'error' });
      }
    }
    seen.current = new Map(rows.map((r) => [r.id, r.state]));
  }, [rows]);

  if (!rows || rows.length === 0) return null;
  const today = kyivParts(new Date()).date;
  const tomorrow = addDays(today, 1);
  return (
    <section className="support-section" aria-labelledby="call-backs-title">
      <h2 id="call-backs-title" className="t-h3">
        {T.requestsTitle}
      </h2>
      <ul className="call-backs list-group" data-testid="call-backs">
        {rows.slice(0, 5).map((r) => (
          <li key={r.id} className="call-back" data-state={r.state} data-testid="call-back">
            <span className="call-back__dot" aria-hidden="true" />
            <span className="call-back__text">
              <strong>{T.window(T.dayName(r.date, today, tomorrow), r.from, r.to)}</strong>
              <span data-testid="call-back-state">
                {r.state === 'waiting' ? T.waiting : r.state === 'sent' ? T.sent : `${T.refused}: ${r.message ?? ''}`}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
