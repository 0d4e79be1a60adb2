/** Spec §9: toasts close by themselves after 5000 ms. */
export const TOAST_DURATION_MS = 5000;

export type ToastKind = 'info' | 'success' | 'error';

export interface ToastAction {
  label: string;
  run: () => void;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
  action?: ToastAction;
  /** Epoch ms when it appeared. */
  createdAt: number;
  /** null: stays until closed (e.g. «Оновити»). */
  durationMs: number | null;
}

/** Spec §5: the progress of a toast's timer, clamped to 0..1. */
export function toastProgress(elapsedMs: number, durationMs: number): number {
  if (!(durationMs > 0)) return 1;
  const p = elapsedMs / durationMs;
  if (Number.isNaN(p)) return 0;
  return Math.min(1, Math.max(0, p));
}

type Listener = (toasts: readonly Toast[]) => void;

/** The toasts on screen; plain TypeScript so that any layer may announce something. */
export function createToastStore(now: () => number = Date.now) {
  let toasts: readonly Toast[] = [];
  let nextId = 1;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((l) => l(toasts));

  function dismiss(id: number) {
    const t = timers.get(id);
    if (t) clearTimeout(t);
    timers.delete(id);
    toasts = toasts.filter((x) => x.id !== id);
    emit();
  }

  function show(text: string, opts: { kind?: ToastKind; action?: ToastAction; durationMs?: number | null } = {}): number {
    const id = nextId++;
    const durationMs = opts.durationMs === undefined ? TOAST_DURATION_MS : opts.durationMs;
    toasts = [...toasts, { id, kind: opts.kind ?? 'info', text, action: opts.action, createdAt: now(), durationMs }];
    if (durationMs !== null) timers.set(id, setTimeout(() => dismiss(id), durationMs));
    emit();
    return id;
  }

  return {
    show,
    dismiss,
    list: () => toasts,
    subscribe(l: Listener) {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** The app's toasts. */
export const toasts = createToastStore();
