import { useEffect, useState, useSyncExternalStore } from 'react';
import { Icon } from './icons';
import { toastProgress, toasts as appToasts, type Toast, type ToastStore } from './toast-store';
import './toaster.css';

function ToastView({ toast, store }: { toast: Toast; store: ToastStore }) {
  const [progress, setProgress] = useState(0);
  useEffect(() => {
    if (toast.durationMs === null) return;
    const duration = toast.durationMs;
    let frame = 0;
    const tick = () => {
      setProgress(toastProgress(Date.now() - toast.createdAt, duration));
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [toast]);
  return (
    <div className={`toast toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'}>
      <p className="toast__text">{toast.text}</p>
      {toast.action && (
        <button
          type="button"
          className="toast__action"
          onClick={() => {
            toast.action?.run();
            store.dismiss(toast.id);
          }}
        >
          {toast.action.label}
        </button>
      )}
      <button type="button" className="toast__close" aria-label="Закрити" onClick={() => store.dismiss(toast.id)}>
        <Icon name="close" size={16} />
      </button>
      {toast.durationMs !== null && (
        <span className="toast__progress" style={{ transform: `scaleX(${1 - progress})` }} />
      )}
    </div>
  );
}

/** Toasts at the top right (docs/rules.md#constants), under the header, at most MAX_TOASTS at once. */
export function Toaster({ store = appToasts }: { store?: ToastStore }) {
  const list = useSyncExternalStore(store.subscribe, store.list, store.list);
  return (
    <div className="toaster" aria-live="polite">
      {list.map((t) => (
        <ToastView key={t.id} toast={t} store={store} />
      ))}
    </div>
  );
}
