import { useSyncExternalStore } from 'react';
import {
  dismissLostChanges,
  lostInWords,
  readLostChanges,
  subscribeLostChanges,
  LOST_CHANGES_KEY,
} from '../../state/lost-changes';
import { Button } from '../../ui/button';
import './lost-changes.css';

/** What the notice says, in one place. */
export const LOST_COPY = {
  title: 'Частину змін не надіслано',
  text: (what: string) =>
    `Браузер стер дані застосунку на цьому пристрої: бракувало місця або їх очистили. Тому не надіслано ${what}. Зроби це, будь ласка, ще раз.`,
  ok: 'Зрозуміло',
} as const;

const read = () => {
  try {
    return localStorage.getItem(LOST_CHANGES_KEY);
  } catch {
    return null;
  }
};

/**
 * Changes that were waiting when the browser wiped the app's database: how many, of what kind,
 * said plainly on the member's screens until «Зрозуміло» (src/sync/engine/unsent-marker.ts finds them).
 */
export function LostChangesNotice() {
  // The stored text is the snapshot: a string compares by value, so nothing re-renders needlessly.
  const raw = useSyncExternalStore(subscribeLostChanges, read, () => null);
  const lost = raw ? readLostChanges({ getItem: () => raw }) : null;
  if (!lost) return null;
  return (
    <section className="lost-changes" role="alert" data-testid="lost-changes" data-count={lost.count} data-no-snapshot>
      <p className="lost-changes__title">{LOST_COPY.title}</p>
      <p className="lost-changes__text">{LOST_COPY.text(lostInWords(lost))}</p>
      <Button variant="secondary" onClick={() => dismissLostChanges()}>
        {LOST_COPY.ok}
      </Button>
    </section>
  );
}
