import { useKv } from '../../db/hooks';
import { ButtonLink } from '../../ui/button';
import { Icon } from '../../ui/icons';
import { ListRow, Skeleton } from '../../ui/surfaces';
import { AgeCheckForm } from './age-check-form';
import { VERIFY_COPY as T } from './copy';
import { useProviderOn } from '../../state/providers';
import '../../ui/panel.css';
import './verification.css';

/** /verification: the age check (docs/rules.md#validation), by Diia; or the done state once verified. */
export default function VerificationPage() {
  const verified = useKv('ageVerified');
  const checkOn = useProviderOn('ageCheck');
  if (verified === undefined) return <Skeleton lines={5} />;
  if (verified) {
    return (
      <section className="verify-done" data-testid="verify-done">
        <span className="verify-done__icon">
          <Icon name="spark" size={30} />
        </span>
        <h2 className="t-h2">{T.doneTitle}</h2>
        <p>{T.doneText}</p>
        <ButtonLink to="/rules" size="l" block>
          {T.toRules}
        </ButtonLink>
        <ButtonLink to="/" variant="secondary" block>
          {T.toHome}
        </ButtonLink>
      </section>
    );
  }
  if (!checkOn) return <AgeCheckOff />;
  return (
    <div className="stack-m verify">
      <p className="page-intro">{T.lead}</p>
      <section className="panel stack-m verify-method">
        <div className="verify-method__head">
          <span className="verify-method__badge">Дія</span>
          <div>
            <h2 className="t-h3">{T.diiaTitle}</h2>
            <p className="t-small">{T.diiaText}</p>
          </div>
        </div>
        <AgeCheckForm method="diia" submitLabel={T.diiaSubmit} />
      </section>
      <div className="list-group">
        <ListRow icon="doc" title={T.otherTitle} subtitle={T.otherText} to="/verification/other" />
      </div>
      <p className="verify__privacy">{T.privacy}</p>
    </div>
  );
}

/** no online age check on this server (none has a legal basis yet): the age is checked at hand-over. */
export function AgeCheckOff() {
  return (
    <section className="verify-done" data-testid="verify-off">
      <span className="verify-done__icon">
        <Icon name="doc" size={30} />
      </span>
      <h2 className="t-h2">{T.offTitle}</h2>
      <p>{T.offText}</p>
      <ButtonLink to="/shop" size="l" block>
        {T.toShop}
      </ButtonLink>
      <ButtonLink to="/" variant="secondary" block>
        {T.toHome}
      </ButtonLink>
    </section>
  );
}
