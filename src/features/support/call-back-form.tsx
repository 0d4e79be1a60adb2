import { useId, useState, type FormEvent } from 'react';
import { useKv } from '../../db/hooks';
import {
  CALL_BACK_NAME_MAX,
  CALL_CENTRE_CLOSES,
  CALL_CENTRE_OPENS,
  CALL_TODAY_LABEL,
  CALL_TOMORROW_LABEL,
  callBackHours,
  callBackWindow,
} from '../../domain/member/call-back-day';
import { kyivParts } from '../../domain/format/kyiv-time';
import { lengthProblem } from '../../domain/format/text-limit';
import { formatPhone, toUkrainianMobile } from '../../domain/auth/phone';
import { useNow, useOnline } from '../../state/online';
import { useAppSession, useAuthEnvNow } from '../../state/session';
import { contentActions } from '../../sync/content/lazy';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { SUPPORT_COPY as T } from './copy';

type Day = 'today' | 'tomorrow';
type Errors = Partial<Record<'name' | 'phone' | 'day' | 'to' | 'form', string>>;

const HOURS = callBackHours();
const hh = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** The first window worth offering: the next full hour today (two hours long), else 10:00–12:00 tomorrow. */
function firstChoice(nowTime: string): { day: Day; from: string; to: string } {
  const next = Math.max(CALL_CENTRE_OPENS, Number(nowTime.slice(0, 2)) + 1);
  if (next + 1 <= CALL_CENTRE_CLOSES)
    return { day: 'today', from: hh(next), to: hh(Math.min(next + 2, CALL_CENTRE_CLOSES)) };
  return { day: 'tomorrow', from: '10:00', to: '12:00' };
}

/**
 * The call-back request (docs/rules.md#validation: day 'Сьогодні' = today, otherwise tomorrow, from and to). The
 * window is checked here with the rule the server applies, each problem beside its field; the
 * request is then stored and queued, so it also works offline and goes once when back online.
 */
export function CallBackForm() {
  const { variant } = useAppSession();
  const envNow = useAuthEnvNow();
  const online = useOnline();
  const now = useNow(30_000);
  const storedPhone = useKv('phone');
  const records = useKv('memberRecords');
  const record = records?.[variant];
  const nowTime = kyivParts(new Date(now)).time;
  const todayOpen = nowTime < hh(CALL_CENTRE_CLOSES);
  const [choice, setChoice] = useState(() => firstChoice(kyivParts(new Date()).time));
  const [name, setName] = useState<string | null>(null);
  const [phone, setPhone] = useState<string | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const fromId = useId();
  const toId = useId();

  const shownName = name ?? record?.first_name ?? '';
  const shownPhone = phone ?? (storedPhone ? formatPhone(storedPhone) : '');
  const day: Day = choice.day === 'today' && !todayOpen ? 'tomorrow' : choice.day;

  function change(patch: Partial<typeof choice>) {
    setChoice((c) => ({ ...c, ...patch }));
    setErrors({});
    setNotice(null);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const digits = toUkrainianMobile(shownPhone);
    const label = day === 'today' ? CALL_TODAY_LABEL : CALL_TOMORROW_LABEL;
    const next: Errors = {};
    if (!digits) next.phone = T.phoneProblem;
    const nameProblem = lengthProblem(shownName.trim(), CALL_BACK_NAME_MAX, T.name);
    if (nameProblem) next.name = nameProblem;
    const checked = callBackWindow({ day: label, from: choice.from, to: choice.to }, new Date());
    if (!checked.ok) {
      if (choice.from >= choice.to) next.to = checked.reason;
      else next.day = checked.reason;
    }
    setErrors(next);
    if (Object.keys(next).length || !digits) return;
    setBusy(true);
    try {
      const m = await contentActions();
      const r = await m.requestCallBack(await envNow(), {
        day: label,
        from: choice.from,
        to: choice.to,
        phone: digits,
        ...(shownName.trim() ? { firstName: shownName.trim() } : {}),
        ...(record ? { totalSpent: record.total_spent, ordersCount: record.orders_count } : {}),
      });
      if (!r.ok) setErrors({ form: r.reason });
      else setNotice(online ? T.queued : T.queuedOffline);
    } catch (err) {
      setErrors({ form: err instanceof Error ? err.message : String(err) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="panel stack-m support-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      data-testid="call-back-form"
    >
      <div className="support-form__head">
        <h2 className="t-h2">{T.callBackTitle}</h2>
        <p>{T.callBackLead}</p>
      </div>
      <Field
        label={T.name}
        autoComplete="given-name"
        value={shownName}
        error={errors.name}
        onChange={(e) => (setName(e.target.value), setErrors(({ name: _n, ...rest }) => rest))}
        data-testid="call-back-name"
      />
      <Field
        label={T.phone}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        value={shownPhone}
        // The shop calls back only the member's own number (the server refuses others).
        readOnly={Boolean(storedPhone)}
        hint={storedPhone ? T.phoneOwn : undefined}
        onChange={(e) => {
          setPhone(e.target.value);
          setErrors((x) => ({ ...x, phone: undefined }));
        }}
        error={errors.phone}
        data-testid="call-back-phone"
      />
      <div className={`field${errors.day ? ' field--error' : ''}`}>
        <span className="field__label" id={`${fromId}-day`}>
          {T.day}
        </span>
        <div className="support-days" role="group" aria-labelledby={`${fromId}-day`}>
          <button
            type="button"
            className="support-day"
            aria-pressed={day === 'today'}
            disabled={!todayOpen}
            onClick={() => change({ day: 'today' })}
            data-testid="call-back-today"
          >
            {T.today}
          </button>
          <button
            type="button"
            className="support-day"
            aria-pressed={day === 'tomorrow'}
            onClick={() => change({ day: 'tomorrow' })}
            data-testid="call-back-tomorrow"
          >
            {T.tomorrow}
          </button>
        </div>
        {errors.day ? (
          <span className="field__error" role="alert">
            {errors.day}
          </span>
        ) : (
          !todayOpen && <span className="field__hint">{T.todayOver}</span>
        )}
      </div>
      <div className="support-times">
        <div className="field">
          <label className="field__label" htmlFor={fromId}>
            {T.from}
          </label>
          <select
            id={fromId}
            className="support-select"
            value={choice.from}
            onChange={(e) => change({ from: e.target.value })}
            data-testid="call-back-from"
          >
            {HOURS.slice(0, -1).map((h) => (
              <option key={h} value={h}>
                {h}
              </option>
            ))}
          </select>
        </div>
        <div className={`field${errors.to ? ' field--error' : ''}`}>
          <label className="field__label" htmlFor={toId}>
            {T.to}
          </label>
          <select
            id={toId}
            className="support-select"
            value={choice.to}
            onChange={(e) => change({ to: e.target.value })}
            aria-invalid={errors.to ? true : undefined}
            aria-describedby={errors.to ? `${toId}-err` : undefined}
            data-testid="call-back-to"
          >
            {HOURS.slice(1).map((h) => (
              <option key={h} value={h}>
                {h}
              </option>
            ))}
          </select>
          {errors.to && (
            <span id={`${toId}-err`} className="field__error" role="alert">
              {errors.to}
            </span>
          )}
        </div>
      </div>
      {errors.form && (
        <p className="support-form-error" role="alert">
          {errors.form}
        </p>
      )}
      {notice && !errors.form && (
        <p className="support-notice" role="status" data-testid="call-back-notice">
          {notice}
        </p>
      )}
      <Button type="submit" size="l" block busy={busy || storedPhone === undefined} data-testid="call-back-submit">
        {T.submit}
      </Button>
    </form>
  );
}
