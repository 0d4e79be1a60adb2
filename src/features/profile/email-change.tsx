import { useEffect, useState, type FormEvent } from 'react';
import { formatPhone } from '../../domain/auth/phone';
import type { AuthEnv } from '../../sync/auth/actions';
import { toAuthError } from '../../sync/auth/errors';
import { memberActions } from '../../sync/member/lazy';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { toasts } from '../../ui/toast-store';
import { PROFILE_COPY as T } from './copy';
import { lengthProblem } from '../../domain/format/text-limit';

type Step = { kind: 'idle' } | { kind: 'email' } | { kind: 'code'; until: number };

function useSecondsLeft(until: number): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

function ResendLine({ until, onResend, busy }: { until: number; onResend: () => void; busy: boolean }) {
  const left = useSecondsLeft(until);
  return left > 0 ? (
    <span className="t-small">{T.resendIn(`${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`)}</span>
  ) : (
    <button type="button" className="profile-link" onClick={onResend} disabled={busy}>
      {T.resend}
    </button>
  );
}

/** The e-mail row of the profile, with the change flow: new address, then the SMS code (change-email, confirm-email). */
export function EmailChange({
  envNow,
  email,
  phone,
}: {
  envNow: () => Promise<AuthEnv>;
  email: string;
  phone: string;
}) {
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [value, setValue] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(e?: FormEvent) {
    e?.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const r = await (await memberActions()).startEmailChange(await envNow(), value);
      setStep({ kind: 'code', until: Date.now() + r.resendIn * 1000 });
      setCode('');
    } catch (err) {
      setError(toAuthError(err).message);
    }
    setBusy(false);
  }

  async function confirm(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await (await memberActions()).confirmEmailChange(await envNow(), code);
      toasts.show(T.emailChanged, { kind: 'success' });
      setStep({ kind: 'idle' });
    } catch (err) {
      setError(toAuthError(err).message);
    }
    setBusy(false);
  }

  if (step.kind === 'idle') {
    return (
      <div className="profile-row">
        <span className="profile-row__label">{T.email}</span>
        <span className="profile-row__value" data-testid="profile-email">
          {email || T.notSet}
        </span>
        <button
          type="button"
          className="profile-link"
          data-testid="email-change"
          onClick={() => {
            setValue('');
            setError(null);
            setStep({ kind: 'email' });
          }}
        >
          {T.change}
        </button>
      </div>
    );
  }
  return (
    <form className="profile-edit" onSubmit={(e) => void (step.kind === 'email' ? send(e) : confirm(e))} noValidate>
      {step.kind === 'email' ? (
        <Field
          label={T.newEmail}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoFocus
          data-testid="email-new"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          error={error}
        />
      ) : (
        <>
          <p className="t-small">{T.codeSent(formatPhone(phone))}</p>
          <Field
            label={T.code}
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            data-testid="email-code"
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            error={error ?? lengthProblem(code, 6, T.code, 'digits')}
          />
          <ResendLine until={step.until} busy={busy} onResend={() => void send()} />
        </>
      )}
      <div className="profile-edit__actions">
        <Button variant="secondary" onClick={() => setStep({ kind: 'idle' })} disabled={busy}>
          {T.cancel}
        </Button>
        {/* A new button per step: a quick tap on «Підтвердити» right after «Надіслати код» is not a double click (docs/rules.md#screens). */}
        <Button
          key={step.kind}
          type="submit"
          busy={busy}
          data-testid="email-submit"
          disabled={step.kind === 'code' && code.length !== 6}
        >
          {step.kind === 'email' ? T.sendCode : T.confirm}
        </Button>
      </div>
    </form>
  );
}
