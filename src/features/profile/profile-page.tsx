import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useAppSession, useAuthEnv, useAuthEnvNow } from '../../state/session';
import { useKv, useXpBalance } from '../../db/hooks';
import { formatPhone } from '../../domain/auth/phone';
import { toAuthError } from '../../sync/auth/errors';
import { memberActions } from '../../sync/member/lazy';
import { Icon } from '../../ui/icons';
import { ListRow, Skeleton, Wordmark } from '../../ui/surfaces';
import { toasts } from '../../ui/toast-store';
import { AddressForm } from './address-form';
import { PROFILE_COPY as T } from './copy';
import { EmailChange } from './email-change';
import '../../ui/panel.css';
import './profile.css';
import { formatCalendarDate, formatNumber } from '../../domain/format/uk-format';

function Balance({ brand, active }: { brand: 'glo' | 'ogo'; active: boolean }) {
  const balance = useXpBalance(brand);
  return (
    <div className={`profile-xp${active ? ' is-active' : ''}`} data-testid={`xp-${brand}`}>
      <Wordmark brand={brand} size={18} />
      <span className="profile-xp__value">
        {balance === undefined ? '…' : balance === null ? '—' : formatNumber(balance)}
      </span>
      <span className="profile-xp__unit">{balance === null ? T.noRecord : 'XP'}</span>
    </div>
  );
}

const initials = (a: string, b: string) => `${[...a][0] ?? ''}${[...b][0] ?? ''}`.toUpperCase();

/**
 * /profile: name, e-mail (changed with an SMS code), phone, birth date, the age check, the XP of
 * both variants and the delivery address; all read from the local database, refreshed when online.
 */
export default function ProfilePage() {
  const env = useAuthEnv();
  const envNow = useAuthEnvNow();
  const { variant } = useAppSession();
  const records = useKv('memberRecords');
  const phone = useKv('phone');
  const birthDate = useKv('birthDate');
  const verified = useKv('ageVerified');
  const address = useKv('deliveryAddress');
  const [veloBusy, setVeloBusy] = useState(false);

  useEffect(() => {
    if (env) void memberActions().then((m) => m.runPuller(m.memberPuller, m.pullContext(env)));
  }, [env]);

  if (records === undefined) return <Skeleton lines={6} />;
  const me = records?.[variant] ?? records?.glo ?? null;
  const myPhone = phone ?? me?.phone ?? '';

  async function openVelo() {
    setVeloBusy(true);
    try {
      window.open(await (await memberActions()).veloStoreLink(await envNow()), '_blank', 'noopener');
    } catch (err) {
      toasts.show(toAuthError(err).message, { kind: 'error' });
    }
    setVeloBusy(false);
  }

  return (
    <div className="profile">
      <section className="profile-head">
        <span className="profile-head__avatar" aria-hidden="true">
          {me ? initials(me.first_name, me.last_name) : <Icon name="user" />}
        </span>
        <div className="profile-head__text">
          <h2 className="t-h2" data-testid="profile-name">
            {me ? `${me.first_name} ${me.last_name}` : T.loading}
          </h2>
          <span className="t-small">{formatPhone(myPhone)}</span>
          <span className={`profile-badge${verified ? ' is-ok' : ''}`} data-testid="profile-age">
            {verified ? T.verified : T.notVerified}
          </span>
        </div>
      </section>

      <section className="stack" aria-label={T.balancesTitle}>
        <h2 className="t-h3">{T.balancesTitle}</h2>
        <div className="profile-xps">
          <Balance brand="glo" active={variant === 'glo'} />
          <Balance brand="ogo" active={variant === 'ogo'} />
        </div>
      </section>

      <section className="panel profile-card">
        <h2 className="t-h3">{T.personalTitle}</h2>
        <div className="profile-row">
          <span className="profile-row__label">{T.firstName}</span>
          <span className="profile-row__value">{me?.first_name || T.notSet}</span>
        </div>
        <div className="profile-row">
          <span className="profile-row__label">{T.lastName}</span>
          <span className="profile-row__value">{me?.last_name || T.notSet}</span>
        </div>
        <div className="profile-row">
          <span className="profile-row__label">{T.phone}</span>
          <span className="profile-row__value">{formatPhone(myPhone)}</span>
        </div>
        <EmailChange envNow={envNow} email={me?.email ?? ''} phone={myPhone} />
        <div className="profile-row">
          <span className="profile-row__label">{T.birthDate}</span>
          <span className="profile-row__value" data-testid="profile-birth-date">
            {birthDate ? formatCalendarDate(birthDate) : T.notSet}
          </span>
          {!verified && (
            <Link className="profile-link" to="/verification">
              {T.verify}
            </Link>
          )}
        </div>
        <p className="profile-note">{T.nameNote}</p>
      </section>

      <AddressForm stored={address ?? null} />

      <div className="list-group">
        <ListRow icon="share" title={T.referrals} subtitle={T.referralsHint} to="/profile/referral" />
        <ListRow icon="scan" title={T.qr} subtitle={T.qrHint} to="/qr" />
        <ListRow icon="globe" title={T.velo} subtitle={veloBusy ? '…' : T.veloHint} onClick={() => void openVelo()} />
      </div>
    </div>
  );
}
