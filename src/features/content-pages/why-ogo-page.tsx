import { useAppSession } from '../../state/session';
import { ButtonLink } from '../../ui/button';
import { ContentView } from './content-view';
import { CONTENT_COPY } from './copy';

const T = CONTENT_COPY.whyOgo;

/**
 * /why-ogo (spec §2 navigation "why-ogo"): why the ogo club, readable before signing in (from
 * the ogo landing) and by members (from /offers). A visitor is invited to join; a glo member is
 * shown where the switch to ogo is.
 */
export default function WhyOgoPage() {
  const { signedIn, variant } = useAppSession();
  return (
    <ContentView pageKey="whyOgo" lead={T.lead} testId="screen-why-ogo">
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
