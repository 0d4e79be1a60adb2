import { Link } from 'react-router';
import { useDoc, useKv } from '../../db/hooks';
import { useAppSession } from '../../state/session';
import { usePullOnOpen } from '../../state/use-pull';
import type { OralStatusDoc } from '../../sync/pullers/content-docs';
import { contentActions } from '../../sync/content/lazy';
import { ButtonLink } from '../../ui/button';
import { Icon } from '../../ui/icons';
import { OFFERS_COPY as T, type Offer } from './copy';
import './offers.css';

/**
 * /offers: the club's current offers, each leading to its page (docs/rules.md#screens navigation: the
 * invite-friend offer, promo, test-drive sub-pages, why-ogo). velo offers only for a member who
 * may see oral products (docs/api.md#velo check-oral-status, kept an hour; the age check until it answers).
 */
export default function OffersPage() {
  const { variant } = useAppSession();
  const oral = useDoc<OralStatusDoc>('velo', 'oral-status');
  const ageVerified = useKv('ageVerified');
  usePullOnOpen((env) => contentActions().then((m) => m.pullVeloFlags(env)));
  const mayVelo = oral?.value.result ?? Boolean(ageVerified);
  const offers = T.offers.filter(
    (o: Offer) =>
      (!o.velo || mayVelo) && (!o.only || o.only === variant) && !(o.key === 'why-ogo' && variant === 'ogo'),
  );
  const [first, ...rest] = offers;
  return (
    <div className="stack-m offers" data-testid="screen-offers">
      <p className="page-intro">{T.lead}</p>
      {first && (
        <Link to={first.to} className="offer-hero" data-testid="offer">
          <span className="t-caption">{T.featured}</span>
          <span className="offer-hero__title">{first.title}</span>
          <span className="offer-hero__text">{first.text}</span>
          <span className="offer-hero__go">
            Детальніше <Icon name="chevron" size={16} />
          </span>
        </Link>
      )}
      <ul className="plain-list offer-list">
        {rest.map((o) => (
          <li key={o.key}>
            <Link to={o.to} className="offer-card" data-testid="offer">
              <span className="icon-tile offer-card__icon">
                <Icon name={o.icon} size={22} />
              </span>
              <span className="text-stack offer-card__text">
                <strong>{o.title}</strong>
                <span>{o.text}</span>
              </span>
              <Icon name="chevron" size={18} className="offer-card__chevron" />
            </Link>
          </li>
        ))}
      </ul>
      {!mayVelo && ageVerified === false && (
        <p className="offers-note">
          <span>{T.ageNote}</span>
          <ButtonLink to="/verification" variant="ghost">
            {T.verify}
          </ButtonLink>
        </p>
      )}
    </div>
  );
}
