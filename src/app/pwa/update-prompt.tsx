import { useSyncExternalStore } from 'react';
import { Button } from '../../ui/button';
import { appUpdate, type UpdateStore } from './update-state';
import './update-prompt.css';

/** What the prompt says, in one place. */
export const UPDATE_COPY = {
  ready: 'Доступна нова версія застосунку.',
  readyText: 'Оновлення займе кілька секунд, твої збережені зміни нікуди не зникнуть.',
  update: 'Оновити',
  later: 'Пізніше',
  updating: 'Оновлюємо…',
  stuck: 'Нова версія не змогла запуститися.',
  stuckText:
    'Вона чекає, доки старша працює в іншій вкладці чи вікні. Закрий усі вкладки застосунку й відкрий його знову — відкриється нова версія.',
  understood: 'Зрозуміло',
} as const;

/**
 * A new version of the app, on every screen until the member answers: «Оновити» (which ends on
 * the new build or says why not, ./apply-update.ts) or «Пізніше». Not a toast: it must outlive
 * route changes and never be pushed away by other messages.
 */
export function UpdatePrompt({ store = appUpdate }: { store?: UpdateStore }) {
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  if (state.kind === 'none') return null;
  const stuck = state.kind === 'stuck';
  return (
    <div
      className="update-prompt"
      role={stuck ? 'alert' : 'status'}
      data-testid="update-prompt"
      data-state={state.kind}
    >
      <p className="update-prompt__text">
        <strong>{stuck ? UPDATE_COPY.stuck : UPDATE_COPY.ready}</strong>
        <span>{stuck ? UPDATE_COPY.stuckText : UPDATE_COPY.readyText}</span>
      </p>
      <div className="update-prompt__actions">
        {stuck ? (
          <Button onClick={() => store.dismiss()}>{UPDATE_COPY.understood}</Button>
        ) : (
          <>
            <Button busy={state.kind === 'updating'} onClick={() => void store.apply()} data-testid="update-apply">
              {state.kind === 'updating' ? UPDATE_COPY.updating : UPDATE_COPY.update}
            </Button>
            {state.kind === 'ready' && (
              <Button variant="ghost" onClick={() => store.dismiss()}>
                {UPDATE_COPY.later}
              </Button>
            )}
          </>
        )}
      </div>
    </div>
  );
}
