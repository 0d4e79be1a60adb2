import { useEffect, useState } from 'react';
import type { CityOption } from '../../../contract/delivery';
import { useDoc } from '../../../db/hooks';
import type { ShopVariant } from '../../../domain/catalogue/catalogue';
import { cityFitsQuery, normalizeCityText } from '../../../domain/delivery/city-search';
import { useOnline } from '../../../state/online';
import type { PullState } from '../../../state/use-pull';
import { useSyncMaybe } from '../../../state/sync-context';
import { checkoutActions } from '../../../sync/checkout/lazy';
import { citiesDocKey } from '../../../sync/checkout/keys';
import type { DocRow } from '../../../db/rows-docs';
import { Field } from '../../../ui/field';
import { DELIVERY_COPY as T } from './delivery-copy';
import { useDebounced } from './use-debounced';

export interface CityValue {
  city: string;
  province?: string;
  cityRef?: string;
}

/**
 * The delivery city: typed freely, with the carrier's matches below (docs/rules.md#entities City option); with
 * nothing typed, the six popular cities first (Kyiv, Kharkiv, Odesa, Dnipro, Zaporizhzhia, Lviv).
 * Picking one keeps its carrier ref, which branch delivery needs. Searches made once answer offline.
 */
export function CityPicker({
  variant,
  value,
  error,
  needsRef = false,
  onChange,
  onPicked,
}: {
  variant: ShopVariant;
  value: CityValue;
  error?: string;
  /** Branch delivery: the city must be one of the carrier's (its ref); a name it knows is picked by itself. */
  needsRef?: boolean;
  onChange: (v: CityValue) => void;
  onPicked?: (v: CityValue) => void;
}) {
  const sync = useSyncMaybe();
  const online = useOnline();
  const [open, setOpen] = useState(needsRef ? !value.cityRef : !value.city);
  const query = useDebounced(value.city.trim(), 250);
  const searching = open && query.length > 0;
  const popular = useDoc<CityOption[]>(variant, citiesDocKey(''));
  const found = useDoc<CityOption[]>(variant, citiesDocKey(query));
  const [state, setState] = useState<PullState>('idle');

  useEffect(() => {
    if (!sync || !online || !open) return;
    let live = true;
    setState('running');
    void checkoutActions()
      .then((m) => m.pullCities(sync, variant, searching ? query : ''))
      .then(
        (r) => live && setState(r),
        () => live && setState('failed'),
      );
    return () => {
      live = false;
    };
  }, [sync, online, open, searching, query, variant]);

  const pick = (c: CityOption) => {
    const v = { city: c.meta.MainDescription, province: c.meta.Area, cityRef: c.city_id };
    onChange(v);
    onPicked?.(v);
    setOpen(false);
  };
  // Suggestions belong to what is typed now: while the answer to it is on its way (the debounce,
  // the carrier's search, the kept answer being read), those of an earlier query or the popular
  // cities stay if they still fit, never a stale city; the list never blinks out under a focused option.
  const typed = value.city.trim();
  const typing = open && typed.length > 0;
  const doc: DocRow<CityOption[]> | null | undefined = typing && searching && found ? found : popular;
  const current = typing ? doc?.key === citiesDocKey(typed) : true;
  const list = current ? doc?.value : doc?.value.filter((c) => cityFitsQuery(c.meta.MainDescription, typed));
  const answered =
    searching && normalizeCityText(query) === normalizeCityText(typed) && state !== 'running' && state !== 'idle';
  const pending = typing && online && !answered;
  const exact = list?.find((c) => normalizeCityText(c.meta.MainDescription) === normalizeCityText(value.city));
  // A city kept from before (the profile's address) without its carrier ref finds it by name.
  const exactRef = exact?.city_id;
  useEffect(() => {
    if (needsRef && exact && !value.cityRef && document.activeElement?.getAttribute('data-testid') !== 'city-input')
      pick(exact);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `exact` and `pick` are new each render; `exactRef` names the city
  }, [needsRef, exactRef, value.cityRef]);

  return (
    <div className="stack" data-testid="city-picker">
      <Field
        label={T.cityLabel}
        placeholder={T.cityPlaceholder}
        autoComplete="address-level2"
        value={value.city}
        error={error}
        data-testid="city-input"
        onFocus={() => setOpen(true)}
        onChange={(e) => {
          onChange({ city: e.target.value });
          setOpen(true);
        }}
        onBlur={() => {
          // A name typed in full that the carrier knows counts as picked.
          if (exact && !value.cityRef) pick(exact);
        }}
      />
      {open && (
        <>
          {!typing && <p className="co-hint">{T.popular}</p>}
          {list && list.length > 0 ? (
            <ul className="co-list" data-testid="city-options" aria-busy={pending || undefined}>
              {list.map((c) => (
                <li key={c.value}>
                  <button
                    type="button"
                    className="co-list__item"
                    onMouseDown={(e) => e.preventDefault()}
                    onClick={() => pick(c)}
                    data-testid="city-option"
                  >
                    <span className="co-list__main">{c.meta.MainDescription}</span>
                    <span className="co-list__sub">{c.province}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {pending ? (
            <p className="co-hint" role="status" data-testid="city-searching">
              {T.searching}
            </p>
          ) : list && list.length > 0 ? null : typing && list && list.length === 0 ? (
            <p className="co-hint">{T.noCities}</p>
          ) : !online ? (
            <p className="co-hint">{T.citiesOffline}</p>
          ) : null}
        </>
      )}
    </div>
  );
}
