import type { ReactNode } from 'react';
import { lazy } from 'react';
import { USER_AGREEMENT_BLOCKS } from '../../domain/content/public-pages';
import { PUBLIC_COPY as T } from './public-copy';
import { ShippedPage } from './shipped-page';

const Stored = lazy(() =>
  import('./content-view').then(({ ContentView }) => ({
    default: ({ placeholder }: { placeholder: ReactNode }) => (
      <ContentView
        pageKey="userAgreement"
        lead={T.agreementLead}
        testId="screen-user-agreement"
        placeholder={placeholder}
      />
    ),
  })),
);

/** /user-agreement: readable without signing in (docs/rules.md#screens layout "forall"). */
export default function UserAgreementPage() {
  return (
    <ShippedPage blocks={USER_AGREEMENT_BLOCKS} lead={T.agreementLead} testId="screen-user-agreement" Stored={Stored} />
  );
}
