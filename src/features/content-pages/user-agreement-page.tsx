import { ContentView } from './content-view';
import { CONTENT_COPY as T } from './copy';

/** /user-agreement: readable without signing in (spec §2 layout "forall"). */
export default function UserAgreementPage() {
  return <ContentView pageKey="userAgreement" lead={T.agreementLead} testId="screen-user-agreement" />;
}
