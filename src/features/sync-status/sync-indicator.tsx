import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { SyncRuntime } from '../../sync/runtime';
import { toasts } from '../../ui/toast-store';
import { SYNC_COPY } from './copy';
import { SyncPanel } from './sync-panel';
import { useSyncStatus, type SyncStatus } from './use-sync-status';
import './sync-status.css';

/**
 * Tells the member of each new refusal once, in a toast that opens the panel and belongs to the
 * screen it was shown on; a screen that shows the refusal on the line of what was refused (the
 * kind's `answeredOn`) is answer enough, and no toast repeats it there.
 */
function useRefusalAnnouncements(s: SyncStatus, open: () => void, panelOpen: boolean): void {
  const { pathname } = useLocation();
  const fresh = s.failed.filter((e) => !e.noticed);
  const key = fresh.map((e) => e.id).join(',');
  useEffect(() => {
    if (!fresh.length || panelOpen) return;
    for (const e of fresh) {
      if (s.answeredOn(e, pathname)) continue;
      const n = s.noticeOf(e);
      toasts.show(SYNC_COPY.announce(n.what, n.why), {
        kind: 'error',
        action: { label: SYNC_COPY.details, run: open },
        durationMs: 10_000,
        screen: pathname,
        ...(n.subject ? { subject: n.subject } : {}),
      });
    }
    s.markNoticed(fresh.map((e) => e.id));
  }, [key, panelOpen]); // eslint-disable-line react-hooks/exhaustive-deps -- `key` names the unseen refusals: announced once, not on each render
}

/**
 * The sync indicator the app shell places: one quiet line (what waits, what failed, when the next
 * try is), which opens the sync panel; renders nothing when everything is sent. Never part of a
 * kept screen (src/app/snapshot): what waited then says nothing of now, and the live screen's
 * first render, which the copy must match, comes before the indicator's code has loaded.
 */
export function SyncIndicator({ runtime }: { runtime: SyncRuntime }) {
  const s = useSyncStatus(runtime);
  const [open, setOpen] = useState(false);
  useRefusalAnnouncements(s, () => setOpen(true), open);
  return (
    <>
      {s.label && (
        <button
          type="button"
          className="sync-indicator"
          data-state={s.state.kind}
          data-testid="sync-indicator"
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
          data-no-snapshot=""
        >
          <span className="sync-indicator__dot" aria-hidden="true" />
          <span role="status">{s.label}</span>
        </button>
      )}
      {open && <SyncPanel s={s} onClose={() => setOpen(false)} />}
    </>
  );
}
