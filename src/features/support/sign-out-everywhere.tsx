import { useState } from 'react';
import { useOnline } from '../../state/online';
import { useAuthEnv } from '../../state/session';
import { useSyncMaybe } from '../../state/sync-context';
import { contentActions } from '../../sync/content/lazy';
import { OFFLINE_ONLY_MESSAGE } from '../../sync/engine/online-only';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icons';
import { SUPPORT_COPY as T } from './copy';

type State =
  | { kind: 'idle' }
  | { kind: 'confirm' }
  | { kind: 'checking' }
  | { kind: 'unsent'; message: string }
  | { kind: 'leaving' }
  | { kind: 'error'; message: string };

/**
 * "Sign out everywhere" (docs/api.md#auth api-auth/token-clear, then the logout of docs/rules.md#states): asked to confirm,
 * what waits to be sent is sent first (and what cannot be is named, as the menu's logout does),
 * then every session of the member ends, this one too. Online only.
 */
export function SignOutEverywhere() {
  const env = useAuthEnv();
  const sync = useSyncMaybe();
  const online = useOnline();
  const [state, setState] = useState<State>({ kind: 'idle' });

  async function leave() {
    if (!env || !sync) return;
    setState({ kind: 'leaving' });
    try {
      await (await contentActions()).logoutEverywhere(env, () => sync.logout());
    } catch (e) {
      setState({ kind: 'error', message: e instanceof Error ? e.message : String(e) });
    }
  }

  async function confirm() {
    if (!sync) return;
    setState({ kind: 'checking' });
    const left = await sync.prepareLogout();
    if (left.count > 0) setState({ kind: 'unsent', message: T.unsent(left.message ?? `${left.count}`) });
    else await leave();
  }

  return (
    <section className="card-stack support-danger" aria-labelledby="everywhere-title">
      <p id="everywhere-title" className="support-danger__title">
        {state.kind === 'idle' || state.kind === 'error' ? T.everywhere : T.everywhereConfirm}
      </p>
      {state.kind === 'idle' || state.kind === 'error' ? (
        <>
          <p>{T.everywhereNote}</p>
          {state.kind === 'error' && (
            <p className="support-form-error" role="alert">
              {state.message}
            </p>
          )}
          {!online && <p>{OFFLINE_ONLY_MESSAGE}</p>}
          <Button
            variant="danger"
            block
            icon={<Icon name="logout" size={18} />}
            disabled={!online || !env || !sync}
            onClick={() => setState({ kind: 'confirm' })}
            data-testid="sign-out-everywhere"
          >
            {T.everywhere}
          </Button>
        </>
      ) : state.kind === 'unsent' ? (
        <>
          <p role="alert">{state.message}</p>
          <Button block onClick={() => setState({ kind: 'idle' })}>
            {T.everywhereNo}
          </Button>
          <Button variant="danger" block onClick={() => void leave()}>
            {T.anyway}
          </Button>
        </>
      ) : (
        <>
          <p>{state.kind === 'checking' ? T.checking : T.everywhereText}</p>
          <Button
            variant="danger"
            block
            busy={state.kind !== 'confirm'}
            onClick={() => void confirm()}
            data-testid="sign-out-everywhere-yes"
          >
            {T.everywhereYes}
          </Button>
          <Button
            variant="secondary"
            block
            disabled={state.kind !== 'confirm'}
            onClick={() => setState({ kind: 'idle' })}
          >
            {T.everywhereNo}
          </Button>
        </>
      )}
    </section>
  );
}
