import { useAppSession } from '../../state/session';
import { usePullOnOpen } from '../../state/use-pull';
import { contentActions } from '../../sync/content/lazy';
import { LineIcon } from '../../ui/icons';
import { ListRow } from '../../ui/surfaces';
import { CallBackForm } from './call-back-form';
import { CallBackList } from './call-back-list';
import { SUPPORT_COPY as T } from './copy';
import { SignOutEverywhere } from './sign-out-everywhere';
import '../../ui/panel.css';
import './support.css';

/**
 * /support: the contacts of the member's brand, the FAQ, a call-back request (docs/rules.md#validation day rule)
 * that waits offline and is confirmed when sent, the requests made, and signing out everywhere.
 * The member's record is pulled by phone on open (docs/api.md#user get-user-by-phone) for the call centre.
 */
export default function SupportPage() {
  const { variant } = useAppSession();
  usePullOnOpen((env) => contentActions().then((m) => m.pullSupportRecord(env, variant)), variant);
  const c = T.contacts[variant];
  return (
    <div className="stack-m support" data-testid="screen-support">
      <p className="page-intro">{T.lead}</p>
      <section className="support-section" aria-labelledby="support-contacts">
        <h2 id="support-contacts" className="t-h3">
          {T.contactsTitle}
        </h2>
        <div className="list-group">
          <a className="list-row" href={c.phoneHref} data-testid="support-phone">
            <span className="list-row__icon">
              <LineIcon d={PHONE} size={20} />
            </span>
            <span className="list-row__text">
              <span className="list-row__title">{c.phone}</span>
              <span className="list-row__subtitle">
                {T.hotline} · {T.hotlineNote}
              </span>
            </span>
          </a>
          <a className="list-row" href={`mailto:${c.email}`}>
            <span className="list-row__icon">
              <LineIcon d={MAIL} size={20} />
            </span>
            <span className="list-row__text">
              <span className="list-row__title">{c.email}</span>
              <span className="list-row__subtitle">
                {T.email} · {T.emailNote}
              </span>
            </span>
          </a>
          <ListRow icon="help" title={T.faq} subtitle={T.faqNote} to="/faq" />
        </div>
      </section>
      <CallBackForm />
      <CallBackList />
      <SignOutEverywhere />
    </div>
  );
}

const PHONE = 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a1 1 0 0 1-1 1A16 16 0 0 1 4 5a1 1 0 0 1 1-1z';
const MAIL = 'M4 6h16v12H4zM4 7l8 6 8-6';
