import { useNavigate } from 'react-router';
import { AgeCheckForm } from './age-check-form';
import { VERIFY_COPY as T } from './copy';
import { useProviderOn } from '../../state/providers';
import { AgeCheckOff } from './verification-page';
import '../../ui/panel.css';
import './verification.css';

/** /verification/other: the age check by a passport or ID-card number. */
export default function VerificationOtherPage() {
  const navigate = useNavigate();
  if (!useProviderOn('ageCheck')) return <AgeCheckOff />;
  return (
    <div className="stack-m verify">
      <p className="page-intro">{T.otherLead}</p>
      <section className="panel stack-m verify-method">
        <div className="verify-method__head">
          <span className="verify-method__badge verify-method__badge--doc">ID</span>
          <div>
            <h2 className="t-h3">{T.otherTitle}</h2>
            <p className="t-small">{T.otherText}</p>
          </div>
        </div>
        <AgeCheckForm
          method="document"
          submitLabel={T.submit}
          onDone={() => navigate('/verification', { replace: true })}
        />
      </section>
      <p className="verify__privacy">{T.privacy}</p>
    </div>
  );
}
