import type { MouseEvent } from 'react';
import { useAuthEnvNow } from '../../state/session';
import { Icon } from '../../ui/icons';
import { contentActions } from '../../sync/content/lazy';

/** The full website of each brand (docs/rules.md#screens "link to the full website"). */
export const FULL_SITE_URLS: Record<'glo' | 'ogo', string> = { glo: 'https://www.glo.ua/', ogo: 'https://ogo.ua/' };

/**
 * The menu's "full website" link. Online, the site opens signed in: a single-use login link
 * (mlogin-glo on glo, mlogin on ogo) made when tapped, in a tab opened at once so no pop-up
 * blocker stops it. Offline, or if the link cannot be made, the plain site opens.
 */
export function FullSiteLink({ brand, className }: { brand: 'glo' | 'ogo'; className: string }) {
  const envNow = useAuthEnvNow();
  const plain = FULL_SITE_URLS[brand];
  function open(e: MouseEvent<HTMLAnchorElement>) {
    if (!navigator.onLine) return;
    e.preventDefault();
    const tab = window.open('', '_blank');
    if (!tab) return void window.open(plain, '_blank', 'noopener');
    tab.opener = null;
    void Promise.all([contentActions(), envNow()])
      .then(([m, env]) => m.brandSiteLink(env))
      .catch(() => plain)
      .then((url) => tab.location.replace(url));
  }
  return (
    <a
      className={className}
      href={plain}
      target="_blank"
      rel="noopener noreferrer"
      onClick={open}
      data-testid="full-site-link"
    >
      <Icon name="globe" size={20} />
      Повна версія сайту
    </a>
  );
}
