import { lazy, Suspense } from 'react';
import { isSignedIn } from '../../state/visitor';
import { ButtonLink } from '../../ui/button';
import { EmptyState, Skeleton } from '../../ui/surfaces';
import { QR_COPY as T } from './copy';
import './qr-page.css';

// The member's code reads the local database: loaded only for a member.
const MemberQr = lazy(() => import('./qr-member').then((m) => ({ default: m.MemberQr })));

/**
 * /qr (no guard, docs/rules.md#screens): a member's club code as a QR to show in a store; a visitor who is not
 * signed in is asked to sign in (prerendered for them, with no database code).
 */
export default function QrPage() {
  const signedIn = typeof document !== 'undefined' && isSignedIn();
  if (!signedIn) {
    return (
      <EmptyState
        icon="user"
        title={T.signedOutTitle}
        text={T.signedOutText}
        action={
          <ButtonLink to="/auth" size="l">
            {T.signIn}
          </ButtonLink>
        }
      />
    );
  }
  return (
    <Suspense fallback={<Skeleton lines={1} height={240} />}>
      <MemberQr />
    </Suspense>
  );
}
