import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState, type FormEvent } from 'react';
import { db } from '../../db/db';
import type { ProfileAddress } from '../../db/kv';
import { addressFieldProblem, type AddressField } from '../../domain/delivery/address-limits';
import { deliveryProblem } from '../../domain/delivery/shipping-address';
import { memberActions } from '../../sync/member/lazy';
import { waitingProfileEntries } from '../../sync/member/profile-queue';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Icon } from '../../ui/icons';
import { toasts } from '../../ui/toast-store';
import { POPULAR_CITIES, PROFILE_COPY as T } from './copy';
import '../../ui/panel.css';

const EMPTY: ProfileAddress = { method: 1, city: '' };

/**
 * The delivery address of the profile (docs/rules.md#entities Delivery: a carrier branch, or a courier to
 * street, house and flat). Saved on the device at once and sent to every record of the member
 * as a metafield through the outbox, so it works offline too.
 */
export function AddressForm({ stored }: { stored: ProfileAddress | null }) {
  const [a, setA] = useState<ProfileAddress>(stored ?? EMPTY);
  // A field's problem is said beside it (a pasted text is kept whole, never cut to fit); others above «Зберегти».
  const [error, setError] = useState<{ field: AddressField | null; message: string } | null>(null);
  const errorOf = (field: AddressField) => (error?.field === field ? error.message : undefined);
  const [busy, setBusy] = useState(false);
  const waiting = useLiveQuery(async () => (await waitingProfileEntries(db, 'delivery_address')).length, [], 0);
  const storedJson = stored ? JSON.stringify(stored) : null;
  useEffect(() => {
    if (storedJson) setA(JSON.parse(storedJson) as ProfileAddress);
  }, [storedJson]);

  const set = (k: keyof ProfileAddress) => (v: string) => {
    setA((x) => ({ ...x, [k]: v }));
    setError(null);
  };

  async function save(e: FormEvent) {
    e.preventDefault();
    const clean: ProfileAddress =
      a.method === 1
        ? { method: 1, city: a.city.trim(), branch: (a.branch ?? '').trim() }
        : {
            method: 2,
            city: a.city.trim(),
            street: (a.street ?? '').trim(),
            house: (a.house ?? '').trim(),
            flat: (a.flat ?? '').trim(),
          };
    const general = deliveryProblem(clean);
    const problem = general ? { field: null, message: general } : addressFieldProblem(clean);
    if (problem) return setError(problem);
    setBusy(true);
    try {
      const m = await memberActions();
      await m.saveDeliveryAddress(db, await m.memberAccounts({ db }), clean);
      toasts.show(navigator.onLine ? T.saved : T.pending, { kind: 'success' });
    } catch (err) {
      setError({ field: null, message: err instanceof Error ? err.message : String(err) });
    }
    setBusy(false);
  }

  return (
    <form className="panel profile-card" onSubmit={(e) => void save(e)} noValidate data-testid="address-form">
      <div className="profile-card__head">
        <h2 className="t-h3">{T.addressTitle}</h2>
        <p className="t-small">{T.addressLead}</p>
      </div>
      <div className="segmented" role="radiogroup" aria-label={T.addressTitle}>
        {([1, 2] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={a.method === m}
            className={`segmented__item${a.method === m ? ' is-active' : ''}`}
            onClick={() => setA((x) => ({ ...x, method: m }))}
            data-testid={`address-method-${m}`}
          >
            {m === 1 ? T.methodBranch : T.methodCourier}
          </button>
        ))}
      </div>
      <Field
        label={T.city}
        autoComplete="address-level2"
        list="popular-cities"
        data-testid="address-city"
        error={errorOf('city')}
        value={a.city}
        onChange={(e) => set('city')(e.target.value)}
      />
      <datalist id="popular-cities">
        {POPULAR_CITIES.map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <div className="chips" aria-hidden="true">
        {POPULAR_CITIES.map((c) => (
          <button
            key={c}
            type="button"
            tabIndex={-1}
            className={`chip${a.city === c ? ' is-active' : ''}`}
            onClick={() => set('city')(c)}
          >
            {c}
          </button>
        ))}
      </div>
      {a.method === 1 ? (
        <Field
          label={T.branch}
          placeholder={T.branchPlaceholder}
          data-testid="address-branch"
          error={errorOf('branch')}
          value={a.branch ?? ''}
          onChange={(e) => set('branch')(e.target.value)}
        />
      ) : (
        <>
          <Field
            label={T.street}
            autoComplete="address-line1"
            data-testid="address-street"
            error={errorOf('street')}
            value={a.street ?? ''}
            onChange={(e) => set('street')(e.target.value)}
          />
          <div className="profile-grid">
            <Field
              label={T.house}
              data-testid="address-house"
              error={errorOf('house')}
              value={a.house ?? ''}
              onChange={(e) => set('house')(e.target.value)}
            />
            <Field
              label={T.flat}
              data-testid="address-flat"
              error={errorOf('flat')}
              value={a.flat ?? ''}
              onChange={(e) => set('flat')(e.target.value)}
            />
          </div>
        </>
      )}
      {error && error.field === null && (
        <p className="profile-error" role="alert">
          {error.message}
        </p>
      )}
      {waiting > 0 && (
        <p className="profile-pending" data-testid="address-pending">
          <Icon name="offline" size={16} /> {T.pending}
        </p>
      )}
      <Button type="submit" block busy={busy} data-testid="address-save">
        {T.save}
      </Button>
    </form>
  );
}
