import { useState } from 'react';
import type { AuthEnv } from '../../sync/auth/actions';
import { contentActions } from '../../sync/content/lazy';
import { useAuthEnvNow } from '../../state/session';
import { toasts } from '../../ui/toast-store';
import { openMadeLink } from './open-link';

type Actions = Awaited<ReturnType<typeof contentActions>>;

/**
 * A button's action that opens a link made online when tapped (a brand site signed in, the
 * velo store): `busy` while it is made; a failure (offline, refused) is said in a toast.
 */
export function useLinkAction(make: (m: Actions, env: AuthEnv) => Promise<string>): { busy: boolean; run: () => void } {
  const envNow = useAuthEnvNow();
  const [busy, setBusy] = useState(false);
  function run() {
    if (busy) return;
    setBusy(true);
    openMadeLink(() => Promise.all([contentActions(), envNow()]).then(([m, env]) => make(m, env)))
      .catch((e: unknown) =>
        toasts.show(e instanceof Error ? e.message : 'Не вдалося відкрити посилання', { kind: 'error' }),
      )
      .finally(() => setBusy(false));
  }
  return { busy, run };
}
