/** docs/rules.md#constants: toasts close by themselves after 5000 ms. */
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
  /**
   * What it is about («cart-add:Стіки Amber»): a new toast about the same thing replaces it, so a
   * refusal never stands beside the success it contradicts.
   */
  subject?: string;
  /**
   * The screen (path) it belongs to, when it is about that screen only: leaving the screen takes
   * it away ({@link ToastStore.leaveScreen}), so it never covers the next one's content.
   */
  screen?: string;
}

/** Toasts on screen at once: a newer one sends the oldest away (one that waits for a tap last). */
export const MAX_TOASTS = 2;

/** docs/rules.md#validation: the progress of a toast's timer, clamped to 0..1. */
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

  function drop(id: number) {
    const t = timers.get(id);
    if (t) clearTimeout(t);
    timers.delete(id);
    toasts = toasts.filter((x) => x.id !== id);
  }

  function show(
    text: string,
    opts: {
      kind?: ToastKind;
      action?: ToastAction;
      durationMs?: number | null;
      subject?: string;
      screen?: string;
    } = {},
  ): number {
    const id = nextId++;
    const durationMs = opts.durationMs === undefined ? TOAST_DURATION_MS : opts.durationMs;
    if (opts.subject !== undefined) for (const same of toasts.filter((x) => x.subject === opts.subject)) drop(same.id);
    const about = {
      ...(opts.subject !== undefined ? { subject: opts.subject } : {}),
      ...(opts.screen !== undefined ? { screen: opts.screen } : {}),
    };
    toasts = [
      ...toasts,
      { id, kind: opts.kind ?? 'info', text, action: opts.action, createdAt: now(), durationMs, ...about },
    ];
    while (toasts.length > MAX_TOASTS)
      drop((toasts.find((x) => x.durationMs !== null && x.id !== id) ?? toasts[0]!).id);
    if (durationMs !== null)
      timers.set(
        id,
        setTimeout(() => dismiss(id), durationMs),
      );
    emit();
    return id;
  }

  /** The member is now on `path`: toasts that belong to another screen go. */
  function leaveScreen(path: string) {
    const gone = toasts.filter((x) => x.screen !== undefined && x.screen !== path);
    if (!gone.length) return;
    for (const t of gone) drop(t.id);
    emit();
  }

  return {
    show,
    dismiss,
    leaveScreen,
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
