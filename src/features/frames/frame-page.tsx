import { useLocation } from 'react-router';
import { ButtonLink } from '../../ui/button';
import { EmptyState } from '../../ui/surfaces';
import { frameCopy } from '../../app/routes/copy';
import { useCurrentSpec } from '../../app/routes/current';

/**
 * The frame of a screen whose content comes with its feature: what the screen is for and a
 * calm empty state, inside the route's real layout.
 */
export default function FramePage() {
  const location = useLocation();
  const pattern = useCurrentSpec()?.path ?? location.pathname;
  const copy = frameCopy(pattern);
  return (
    <>
      {copy.intro && <p className="page-intro">{copy.intro}</p>}
      <EmptyState
        title={copy.empty}
        action={
          copy.action && (
            <ButtonLink to={copy.action.to} variant="secondary">
              {copy.action.label}
            </ButtonLink>
          )
        }
      />
    </>
  );
}
