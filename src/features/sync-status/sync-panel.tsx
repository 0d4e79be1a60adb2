import { useEffect, useRef } from 'react';
import { FailedEntries } from './failed-entries';
import { SYNC_COPY } from './copy';
import type { SyncStatus } from './use-sync-status';
import { WaitingEntries } from './waiting-entries';

/**
 * The sync panel: a modal sheet (native <dialog>: focus kept inside, Escape closes) with what
 * waits and what the server refused. Opening it counts as having seen the refusals.
 */
export function SyncPanel({ s, onClose }: { s: SyncStatus; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (typeof d.showModal === 'function') d.showModal();
    else d.setAttribute('open', '');
    d.querySelector<HTMLElement>('.sync-panel__close')?.focus();
  }, []);
  const unseen = s.failed.filter((e) => !e.noticed).map((e) => e.id);
  useEffect(() => {
    if (unseen.length) s.markNoticed(unseen);
  }, [unseen.join(',')]); // eslint-disable-line react-hooks/exhaustive-deps -- the ids' text, as the array is new each render

  return (
    <dialog
      ref={ref}
      className="sync-panel"
      aria-labelledby="sync-panel-title"
      data-testid="sync-panel"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
    >
      <div className="sync-panel__body">
        <div className="sync-panel__head">
          <h2 className="sync-panel__title" id="sync-panel-title">
            {SYNC_COPY.panelTitle}
          </h2>
          <button type="button" className="sync-panel__close" onClick={onClose} aria-label={SYNC_COPY.close}>
            ×
          </button>
        </div>
        <WaitingEntries s={s} />
        <FailedEntries s={s} onNavigate={onClose} />
        {s.waiting.length === 0 && s.failed.length === 0 && <p className="sync-section__lead">{SYNC_COPY.allSent}</p>}
      </div>
    </dialog>
  );
}
