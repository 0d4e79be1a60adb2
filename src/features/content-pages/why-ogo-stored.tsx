import type { ReactNode } from 'react';
import { useAppSession } from '../../state/session';
import { ButtonLink } from '../../ui/button';
import { ContentView } from './content-view';
import { CONTENT_COPY } from './copy';
import { PUBLIC_COPY } from './public-copy';

const T = CONTENT_COPY.whyOgo;

/**
 * /why-ogo once the app runs (see ./why-ogo-page): a visitor is invited to join; a glo member is
 * shown where the switch to ogo is.
 */
export function WhyOgoStored({ placeholder }: { placeholder: ReactNode }) {
  const { signedIn, variant } = useAppSession();
  return (
    <ContentView pageKey="whyOgo" lead={PUBLIC_COPY.whyOgoLead} testId="screen-why-ogo" placeholder={placeholder}>
      <div className="content-actions">
        {!signedIn ? (
          <ButtonLink to="/registration" size="l" block>
            {T.join}
          </ButtonLink>
        ) : variant === 'ogo' ? (
          <ButtonLink to="/" size="l" variant="secondary" block>
            {T.home}
          </ButtonLink>
        ) : (
          <p className="content-note">{T.switchHint}</p>
        )}
      </div>
    </ContentView>
  );
}
