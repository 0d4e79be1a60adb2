import { useEffect, useState } from 'react';
import { Button } from '../../ui/button';
import { useSyncMaybe } from '../../state/sync-context';

type State = { kind: 'checking' } | { kind: 'unsent'; message: string } | { kind: 'leaving' };

/**
 * Logout (docs/rules.md#states) in the menu: first the waiting changes are sent; if some remain, the member
 * is told how many and what, and chooses to wait or to log out anyway. Nothing goes silently.
 */
export function LogoutPanel({ onCancel }: { onCancel: () => void }) {
  const sync = useSyncMaybe();
  const [state, setState] = useState<State>({ kind: 'checking' });

  useEffect(() => {
    if (!sync) return;
    let live = true;
    void (async () => {
      const left = await sync.prepareLogout();
      if (!live) return;
      if (left.count === 0) {
        setState({ kind: 'leaving' });
        await sync.logout();
      } else setState({ kind: 'unsent', message: left.message ?? `${left.count} змін не надіслано` });
    })();
    return () => {
      live = false;
    };
  }, [sync]);

  if (state.kind !== 'unsent') {
    return (
      <div className="logout-panel" role="status">
        <span className="btn__spinner" aria-hidden="true" />
        <p>{state.kind === 'checking' ? 'Надсилаю збережені зміни…' : 'Виходжу…'}</p>
      </div>
    );
  }
  return (
    <div className="logout-panel" role="alertdialog" aria-label="Є ненадіслані зміни">
      <p className="logout-panel__title">Є ненадіслані зміни</p>
      <p className="logout-panel__text">
        {state.message}. Якщо вийти зараз, вони будуть втрачені. Зачекай, доки з’явиться зв’язок, або вийди все одно.
      </p>
      <Button block onClick={onCancel}>
        Зачекати
      </Button>
      <Button
        block
        variant="danger"
        onClick={() => {
          setState({ kind: 'leaving' });
          void sync?.logout();
        }}
      >
        Вийти все одно
      </Button>
    </div>
  );
}
