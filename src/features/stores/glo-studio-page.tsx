import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { BrandStore } from '../../contract/stores';
import { useDoc } from '../../db/hooks';
import { byDistance } from '../../domain/content/geo-distance';
import { useAppSession } from '../../state/session';
import { usePullOnOpen } from '../../state/use-pull';
import type { StoresDoc } from '../../sync/pullers/content-docs';
import { contentActions } from '../../sync/content/lazy';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icons';
import { EmptyState, Skeleton } from '../../ui/surfaces';
import { PullProblem } from '../../ui/pull-problem';
import { SERVICE_LABELS, STORES_COPY as T } from './copy';
import { StoreCard } from './store-card';
import { StoreIcon } from './store-icons';
import { usePosition } from './use-position';
import './stores.css';

const isService = (s: string | null): s is BrandStore['services'][number] => s !== null && s in SERVICE_LABELS;

/**
 * /glo-studio (docs/rules.md#screens "brand stores"): the brand stores from the stores list (docs/api.md#engagement stores/get-list)
 * kept on the device: address, hours, services, a map link and a call button; a city filter;
 * the distance to each, nearest first, once the member lets the browser tell where they are.
 * `?service=test-drive` shows only the stores offering it (from /test-drive).
 */
export default function GloStudioPage() {
  const { variant } = useAppSession();
  const [params, setParams] = useSearchParams();
  const [city, setCity] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [position, locate] = usePosition();
  const doc = useDoc<StoresDoc>(variant, 'stores');
  const pull = usePullOnOpen(
    (env) => contentActions().then((m) => m.pullStores(env, variant)),
    `${variant}:${attempt}`,
  );
  const service = isService(params.get('service')) ? (params.get('service') as BrandStore['services'][number]) : null;

  const shown = useMemo(() => {
    const stores = (doc?.value.stores ?? []).filter(
      (s) => (city === null || s.city === city) && (service === null || s.services.includes(service)),
    );
    if (position.kind !== 'known') return stores.map((store) => ({ store, km: null as number | null }));
    return byDistance(stores, position.at).map(({ item, km }) => ({ store: item, km: km as number | null }));
  }, [doc, city, service, position]);

  let list: ReactNode;
  if (doc === undefined || (doc === null && (pull === 'idle' || pull === 'running'))) {
    list = (
      <div className="card-stack card-stack--tight" aria-label={T.loading}>
        <Skeleton lines={6} />
      </div>
    );
  } else if (doc === null) {
    const offline = pull === 'offline';
    list =
      offline || pull === 'failed' ? (
        <PullProblem offline={offline} copy={T} onRetry={() => setAttempt((a) => a + 1)} />
      ) : (
        <EmptyState icon="store" title={T.emptyTitle} text={T.emptyText} />
      );
  } else if (doc.value.stores.length === 0) {
    list = <EmptyState icon="store" title={T.emptyTitle} text={T.emptyText} />;
  } else if (shown.length === 0) {
    list = <EmptyState icon="store" title={T.noneInFilter} />;
  } else {
    list = (
      <div className="stores-list" data-testid="stores-list">
        {shown.map(({ store, km }) => (
          <StoreCard key={store.id} store={store} km={km} />
        ))}
      </div>
    );
  }

  const cities = doc?.value.cities ?? [];
  return (
    <div className="stack-m stores" data-testid="screen-glo-studio">
      <p className="page-intro">{T.lead}</p>
      {service && (
        <div className="stores-filter" role="status">
          <span>{T.serviceFilter(SERVICE_LABELS[service])}</span>
          <Button variant="ghost" onClick={() => setParams({}, { replace: true })}>
            {T.clearFilter}
          </Button>
        </div>
      )}
      {cities.length > 1 && (
        <div className="chip-scroller stores-cities" role="group" aria-label="Місто">
          <button type="button" className="pill stores-chip" aria-pressed={city === null} onClick={() => setCity(null)}>
            {T.all}
          </button>
          {cities.map((c) => (
            <button
              key={c.city}
              type="button"
              className="pill stores-chip"
              aria-pressed={city === c.city}
              onClick={() => setCity(c.city)}
            >
              {c.city}
              <span className="stores-chip__count">{c.count}</span>
            </button>
          ))}
        </div>
      )}
      {doc && doc.value.stores.length > 0 && (
        <div className="stores-locate">
          {position.kind === 'known' ? (
            <p className="stores-note" role="status">
              <Icon name="spark" size={14} style={{ display: 'inline', verticalAlign: '-2px' }} /> {T.nearestFirst}
            </p>
          ) : (
            <Button
              variant="secondary"
              block
              busy={position.kind === 'asking'}
              icon={<StoreIcon name="locate" size={18} />}
              onClick={locate}
              data-testid="stores-locate"
            >
              {position.kind === 'asking' ? T.locating : T.locate}
            </Button>
          )}
          {(position.kind === 'denied' || position.kind === 'failed' || position.kind === 'unsupported') && (
            <p className="stores-note" role="alert">
              {position.kind === 'denied'
                ? T.locationDenied
                : position.kind === 'failed'
                  ? T.locationFailed
                  : T.locationUnsupported}
            </p>
          )}
        </div>
      )}
      {list}
    </div>
  );
}
