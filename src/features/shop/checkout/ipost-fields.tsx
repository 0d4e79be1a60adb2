import type { ShopVariant } from '../../../domain/catalogue/catalogue';
import { IPOST_WORKING_HOURS, ipostDays, type IpostWindow } from '../../../domain/delivery/ipost-window';
import type { DeliveryFieldErrors } from '../../../domain/delivery/form';
import { Field } from '../../../ui/field';
import { COURIER_COPY as C } from './courier-copy';
import { DELIVERY_COPY as T } from './delivery-copy';
import { deliveryDayLabel, timeOptions } from './format';

/** docs/rules.md#entities Delivery for the local courier: street, flat, and the day and time window (ipostDay, ipostFrom, ipostTo). */
export default function IpostFields({
  street,
  flat,
  window: w,
  errors,
  now,
  onChange,
  onWindow,
}: {
  variant: ShopVariant;
  street: string;
  flat: string;
  window: IpostWindow;
  errors: DeliveryFieldErrors;
  now: number;
  onChange: (patch: { street?: string; flat?: string }) => void;
  onWindow: (w: IpostWindow) => void;
}) {
  const times = timeOptions(IPOST_WORKING_HOURS.from, IPOST_WORKING_HOURS.to, 30);
  return (
    <>
      <Field
        label={T.street}
        placeholder={T.ipostStreetPlaceholder}
        autoComplete="address-line1"
        value={street}
        error={errors.street}
        data-testid="street-input"
        onChange={(e) => onChange({ street: e.target.value })}
      />
      <div className="co-grid">
        <Field
          label={T.flat}
          hint={T.flatHint}
          inputMode="numeric"
          value={flat}
          error={errors.flat}
          data-testid="flat-input"
          onChange={(e) => onChange({ flat: e.target.value })}
        />
      </div>
      <h3 className="co-card__title">{C.ipostTitle}</h3>
      <div className={`co-select${errors.window ? ' co-select--error' : ''}`}>
        <label htmlFor="ipost-day">{C.day}</label>
        <select
          id="ipost-day"
          value={w.date}
          data-testid="ipost-day"
          onChange={(e) => onWindow({ ...w, date: e.target.value })}
        >
          {ipostDays(new Date(now)).map((d) => (
            <option key={d} value={d}>
              {deliveryDayLabel(d, now)}
            </option>
          ))}
        </select>
      </div>
      <div className="co-grid">
        <div className={`co-select${errors.window ? ' co-select--error' : ''}`}>
          <label htmlFor="ipost-from">{C.from}</label>
          <select
            id="ipost-from"
            value={w.from}
            data-testid="ipost-from"
            onChange={(e) => onWindow({ ...w, from: e.target.value })}
          >
            {times.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </div>
        <div className={`co-select${errors.window ? ' co-select--error' : ''}`}>
          <label htmlFor="ipost-to">{C.to}</label>
          <select
            id="ipost-to"
            value={w.to}
            data-testid="ipost-to"
            onChange={(e) => onWindow({ ...w, to: e.target.value })}
          >
            {times.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </div>
      </div>
      {errors.window && (
        <p className="co-error" role="alert" data-testid="window-error">
          {errors.window}
        </p>
      )}
    </>
  );
}
