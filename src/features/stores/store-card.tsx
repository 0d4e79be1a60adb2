import type { BrandStore } from '../../contract/stores';
import { formatDistance, mapLink } from '../../domain/content/geo-distance';
import { SERVICE_LABELS, STORES_COPY as T } from './copy';
import { StoreIcon } from './store-icons';

/** One brand store: name and city, address, hours, services, a map link and a call button; its distance when known. */
export function StoreCard({ store, km }: { store: BrandStore; km: number | null }) {
  return (
    <article className="card-stack card-stack--tight" data-testid="store-card" data-store-id={store.id}>
      <header className="store-card__head">
        <div className="store-card__title">
          <h2 className="t-h3">{store.name}</h2>
          <span className="t-small">{store.city}</span>
        </div>
        {km !== null && (
          <span className="store-card__distance" data-testid="store-distance">
            {formatDistance(km)}
          </span>
        )}
      </header>
      <p className="store-card__line">
        <StoreIcon name="pin" size={18} />
        <span>{store.address}</span>
      </p>
      <div className="store-card__line">
        <StoreIcon name="clock" size={18} />
        <span className="store-card__hours">
          {store.hours.map((h) => (
            <span key={h}>{h}</span>
          ))}
        </span>
      </div>
      {store.services.length > 0 && (
        <ul className="store-card__services" aria-label="Послуги">
          {store.services.map((s) => (
            <li key={s}>{SERVICE_LABELS[s]}</li>
          ))}
        </ul>
      )}
      <div className="store-card__actions">
        <a
          className="btn btn--secondary btn--m"
          href={mapLink(store)}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="store-map"
        >
          <StoreIcon name="route" size={18} />
          <span>{T.map}</span>
        </a>
        {store.phone && (
          <a
            className="btn btn--secondary btn--m"
            href={`tel:${store.phone.replace(/[^\d+]/g, '')}`}
            aria-label={`${T.call}: ${store.phone}`}
          >
            <StoreIcon name="phone" size={18} />
            <span>{T.call}</span>
          </a>
        )}
      </div>
    </article>
  );
}
