/**
 * Where the app's update stands, for the prompt every screen shows (./update-prompt.tsx); set by
 * the service worker's registration (./register.ts), which is loaded after the first screen.
 * - `ready`: a new version waits («Оновити»);
 * - `updating`: «Оновити» was tapped, the new version is taking over and the page will reload;
 * - `stuck`: it was tapped, the page reloaded, and the new version still waits behind the old one.
 */
export type UpdateState = { kind: 'none' } | { kind: 'ready' } | { kind: 'updating' } | { kind: 'stuck' };

type Listener = () => void;

const NONE: UpdateState = { kind: 'none' };

/** A small store with the action «Оновити» runs; plain TypeScript, so the registration needs no React. */
export function createUpdateStore() {
  let state: UpdateState = NONE;
  let apply: (() => Promise<void>) | null = null;
  const listeners = new Set<Listener>();
  const set = (next: UpdateState) => {
    state = next;
    listeners.forEach((l) => l());
  };
  return {
    get: (): UpdateState => state,
    subscribe(l: Listener): () => void {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    /** A new version waits: offered, unless the member is already told it could not start. */
    offer(run: () => Promise<void>): void {
      apply = run;
      if (state.kind === 'none') set({ kind: 'ready' });
    },
    /** «Оновити». */
    async apply(): Promise<void> {
      if (!apply || state.kind === 'updating') return;
      set({ kind: 'updating' });
      await apply();
    },
    /** The new version could not take over while the app is open. */
    stuck(): void {
      set({ kind: 'stuck' });
    },
    /** «Пізніше», «Зрозуміло». */
    dismiss(): void {
      set(NONE);
    },
  };
}

export type UpdateStore = ReturnType<typeof createUpdateStore>;

/** The app's update. */
export const appUpdate = createUpdateStore();
