import { useEffect, useState } from 'react';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icons';
import './install-offer.css';

/** docs/rules.md#states: the install offer can be dismissed for good, remembered locally. */
export const INSTALL_DISMISSED_KEY = 'installDismissed';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** Offers to install the app when the browser allows it and the member has not said no. */
export function InstallOffer() {
  const [event, setEvent] = useState<BeforeInstallPromptEvent | null>(null);
  useEffect(() => {
    const onPrompt = (e: Event) => {
      e.preventDefault();
      if (localStorage.getItem(INSTALL_DISMISSED_KEY)) return;
      setEvent(e as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setEvent(null);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);
  if (!event) return null;
  return (
    <div className="install-offer" role="dialog" aria-label="Встановити застосунок">
      <span className="install-offer__icon">
        <Icon name="download" />
      </span>
      <div className="install-offer__text">
        <strong>Встанови застосунок</strong>
        <span>Швидкий доступ з головного екрана і робота без інтернету.</span>
      </div>
      <div className="install-offer__actions">
        <Button
          onClick={async () => {
            await event.prompt();
            await event.userChoice.catch(() => undefined);
            setEvent(null);
          }}
        >
          Встановити
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            localStorage.setItem(INSTALL_DISMISSED_KEY, '1');
            setEvent(null);
          }}
        >
          Не зараз
        </Button>
      </div>
    </div>
  );
}
