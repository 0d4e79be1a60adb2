import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { db } from '../../../db/db';
import type { CheckoutDraft } from '../../../db/kv';
import { deliveryFieldErrors, DELIVERY_FIELD_MESSAGES, type DeliveryFieldErrors } from '../../../domain/delivery/form';
import {
  deliveryMethodsOffered,
  FALLBACK_MESSAGES,
  resolveDeliveryMethod,
  type IpostCityCheck,
} from '../../../domain/delivery/methods';
import { suggestIpostWindow, type IpostWindow } from '../../../domain/delivery/ipost-window';
import type { DeliveryMethod } from '../../../domain/delivery/shipping';
import { useNow } from '../../../state/online';
import { useSyncMaybe } from '../../../state/sync-context';
import { saveDraft } from '../../../sync/checkout/draft';
import { checkoutActions } from '../../../sync/checkout/lazy';
import { Button } from '../../../ui/button';
import { Field } from '../../../ui/field';
import { CityPicker, type CityValue } from './city-picker';
import { DELIVERY_COPY as T } from './delivery-copy';
import { Notice, Option } from './parts';
import { CheckoutSteps } from './steps';
import type { CheckoutBasics } from './use-checkout-basics';
import '../../../ui/action-bar.css';
import BranchPicker from './branch-picker';
import IpostFields from './ipost-fields';
import './checkout.css';

type Delivery = CheckoutDraft['delivery'];

/** The form of /shop/delivery (see delivery-page.tsx). */
export default function DeliveryForm({ co }: { co: CheckoutBasics }) {
  const { variant } = co;
  const navigate = useNavigate();
  const sync = useSyncMaybe();
  const now = useNow(60_000);
  // The form's own copy: inputs answer every keystroke; each change is also kept in the draft.
  const [d, setD] = useState<Delivery>(co.draft.delivery);
  const [win, setWin] = useState<IpostWindow>(co.draft.ipostWindow ?? suggestIpostWindow(new Date(now)));
  const [notice, setNotice] = useState<string | null>(co.draft.notice ?? null);
  const [ipost, setIpost] = useState<IpostCityCheck>(() => {
    const c = co.draft.ipostCheck;
    return c && c.city === co.draft.delivery.city.trim()
      ? c.state === 'unavailable'
        ? { state: c.state, city: c.city, served: c.served }
        : { state: c.state, city: c.city }
      : { state: 'unknown' };
  });
  const [checking, setChecking] = useState(false);
  const [errors, setErrors] = useState<DeliveryFieldErrors>({});
  const [busy, setBusy] = useState(false);
  const offered = deliveryMethodsOffered(variant, co.lines);
  const top = useRef<HTMLDivElement>(null);

  const persist = (patch: Partial<CheckoutDraft>) => void saveDraft(db, variant, patch);
  const update = (patch: Partial<Delivery>) => {
    setD((x) => {
      const next = { ...x, ...patch };
      persist({ delivery: next });
      return next;
    });
    setErrors((e) => {
      const out = { ...e };
      for (const k of Object.keys(patch)) delete out[k as keyof DeliveryFieldErrors];
      if ('branchNumber' in patch) delete out.branch;
      return out;
    });
  };
  const fallBack = (message: string) => {
    setErrors({});
    setNotice(message);
    update({ method: 1 });
    persist({ notice: message });
  };

  // docs/rules.md#entities: a cart that no longer allows the courier (a line without ipost_allow) cannot keep method 3.
  const cartForbidsIpost = d.method === 3 && !offered.includes(3);
  useEffect(() => {
    if (cartForbidsIpost) fallBack(FALLBACK_MESSAGES.notOffered);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- falls back once when the cart turns; `fallBack` is new each render
  }, [cartForbidsIpost]);

  /** docs/api.md#delivery ipost city-available; an unserved city or a failed check falls back to 1 (docs/rules.md#states, docs/rules.md#error-reactions). */
  const checkCity = async (city: string): Promise<IpostCityCheck> => {
    if (!city.trim()) return { state: 'unknown' };
    setChecking(true);
    const check: IpostCityCheck = sync
      ? await checkoutActions().then((m) => m.checkIpostCity(sync, variant, city))
      : { state: 'failed', city };
    setChecking(false);
    setIpost(check);
    const r = resolveDeliveryMethod({ chosen: 3, offered, ipost: check });
    if (r.fallback) fallBack(r.fallback);
    return check;
  };

  const chooseMethod = (m: DeliveryMethod) => {
    setErrors({});
    setNotice(null);
    persist({ notice: null });
    update({ method: m });
    // A city not checked yet is checked now; one the courier does not serve waits for another city.
    if (m === 3 && d.city.trim() && ipost.state === 'unknown') void checkCity(d.city);
  };

  const setCity = (v: CityValue) => {
    // Another city: the branch and the courier check belonged to the old one.
    update({ city: v.city, province: v.province ?? '', cityRef: v.cityRef, branch: '', branchNumber: undefined });
    if (ipost.state !== 'unknown' && v.city.trim() !== ipost.city) setIpost({ state: 'unknown' });
  };

  const next = async () => {
    const form = { ...d, window: d.method === 3 ? win : undefined };
    const found = deliveryFieldErrors(form, new Date());
    setErrors(found);
    if (Object.keys(found).length > 0) {
      top.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
      return;
    }
    setBusy(true);
    if (d.method === 3 && !(ipost.state === 'available' && ipost.city === d.city.trim())) {
      const check = await checkCity(d.city);
      if (check.state !== 'available') return setBusy(false);
    }
    persist({ delivery: d, ...(d.method === 3 ? { ipostWindow: win } : {}) });
    if (d.method !== 3) {
      const { cityRef: _r, branchNumber: _n, ...address } = d;
      void checkoutActions()
        .then((m) => m.rememberAddress(db, address))
        .catch(() => undefined);
    }
    setBusy(false);
    navigate('/shop/payment');
  };

  const fieldError = Object.keys(errors).length > 0;
  return (
    <div className="co" ref={top}>
      <CheckoutSteps current={1} />
      {notice && (
        <Notice
          text={notice}
          testId="delivery-notice"
          closeLabel={T.close}
          onClose={() => (setNotice(null), persist({ notice: null }))}
        />
      )}

      <section className="card card--stack" aria-labelledby="delivery-method">
        <h2 className="co-card__title" id="delivery-method">
          {T.methodTitle}
        </h2>
        <div className="co-options" role="radiogroup" aria-labelledby="delivery-method">
          {([1, 2, 3] as const)
            .filter((m) => offered.includes(m))
            .map((m) => (
              <Option
                key={m}
                active={d.method === m}
                title={T.methods[m].title}
                text={T.methods[m].text}
                onSelect={() => chooseMethod(m)}
                testId={`delivery-method-${m}`}
              />
            ))}
        </div>
        {variant === 'ogo' && !offered.includes(3) && <p className="co-hint">{T.ipostOnlyMarked}</p>}
      </section>

      <section className="card card--stack" aria-label={T.cityTitle}>
        <h2 className="co-card__title">{T.cityTitle}</h2>
        <CityPicker
          key={d.method === 1 ? 'ref' : 'free'}
          variant={variant}
          value={{ city: d.city, province: d.province, cityRef: d.cityRef }}
          needsRef={d.method === 1}
          error={errors.city}
          onChange={setCity}
          onPicked={(v) => {
            if (d.method === 3) void checkCity(v.city);
          }}
        />
        {d.method === 3 &&
          (checking ? (
            <p className="co-hint">{T.ipostChecking}</p>
          ) : ipost.state === 'available' && ipost.city === d.city.trim() ? (
            <Notice tone="ok" text={T.ipostAvailable(ipost.city)} testId="ipost-available" />
          ) : ipost.state === 'unavailable' && ipost.city === d.city.trim() ? (
            <p className="co-error">{T.ipostPickOther(ipost.city)}</p>
          ) : null)}
      </section>

      {d.method === 1 && d.cityRef && (
        <section className="card card--stack" aria-label={T.branchTitle}>
          <h2 className="co-card__title">{T.branchTitle}</h2>
          <BranchPicker
            variant={variant}
            cityRef={d.cityRef}
            branch={d.branch}
            branchNumber={d.branchNumber}
            error={errors.branch}
            onPick={(b) => update(b ?? { branch: '', branchNumber: undefined })}
          />
        </section>
      )}
      {d.method === 1 && !d.cityRef && errors.branch && <p className="co-error">{DELIVERY_FIELD_MESSAGES.branch}</p>}

      {d.method === 2 && (
        <section className="card card--stack" aria-label={T.addressTitle}>
          <h2 className="co-card__title">{T.addressTitle}</h2>
          <Field
            label={T.street}
            placeholder={T.streetPlaceholder}
            autoComplete="address-line1"
            value={d.street ?? ''}
            error={errors.street}
            data-testid="street-input"
            onChange={(e) => update({ street: e.target.value })}
          />
          <div className="co-grid">
            <Field
              label={T.house}
              value={d.house ?? ''}
              error={errors.house}
              data-testid="house-input"
              onChange={(e) => update({ house: e.target.value })}
            />
            <Field
              label={T.flat}
              hint={T.flatHint}
              inputMode="numeric"
              value={d.flat ?? ''}
              error={errors.flat}
              data-testid="flat-input"
              onChange={(e) => update({ flat: e.target.value })}
            />
          </div>
        </section>
      )}

      {d.method === 3 && (
        <section className="card card--stack" aria-label={T.addressTitle}>
          <h2 className="co-card__title">{T.addressTitle}</h2>
          <IpostFields
            variant={variant}
            street={d.street ?? ''}
            flat={d.flat ?? ''}
            window={win}
            errors={errors}
            now={now}
            onChange={update}
            onWindow={(w) => {
              setWin(w);
              persist({ ipostWindow: w });
              setErrors((e) => ({ ...e, window: undefined }));
            }}
          />
        </section>
      )}

      <div className="action-bar co-bar">
        <span className={fieldError ? 'co-error' : 'co-hint'}>
          {fieldError ? T.fixErrors : T.methods[d.method].title}
        </span>
        <Button size="l" busy={busy || checking} onClick={() => void next()} data-testid="delivery-next">
          {T.next}
        </Button>
      </div>
    </div>
  );
}
