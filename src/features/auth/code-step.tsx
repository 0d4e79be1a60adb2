import { useState, type FormEvent } from 'react';
import { formatPhone } from '../../domain/phone';
import { AuthError, toAuthError } from '../../sync/auth-errors';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { CODE_COPY } from './copy';
import { formatSeconds, useCountdown } from './use-countdown';
import '../../ui/panel.css';

/**
 * The second step of sign-in and registration: the 6-digit code from the SMS, with the
 * server's resend limit shown as a countdown. A wrong code shows the server's reason.
 */
export function CodeStep({
  phone,
  resendAt,
  confirmLabel = CODE_COPY.confirm,
  onConfirm,
  onResend,
  onBack,
}: {
  phone: string;
  /** Epoch ms from when a new code may be asked for. */
  resendAt: number;
  confirmLabel?: string;
  onConfirm: (code: string) => Promise<void>;
  onResend: () => Promise<{ resendIn: number }>;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<AuthError | null>(null);
  const [busy, setBusy] = useState<'confirm' | 'resend' | null>(null);
  const [until, setUntil] = useState(resendAt);
  const [notice, setNotice] = useState<string | null>(null);
  const left = useCountdown(until);

  async function confirm(e: FormEvent) {
    e.preventDefault();
    setBusy('confirm');
    setError(null);
    setNotice(null);
    try {
      await onConfirm(code);
    } catch (err) {
      setError(toAuthError(err));
      setBusy(null);
    }
  }

  async function resend() {
    setBusy('resend');
    setError(null);
    try {
      const r = await onResend();
      setUntil(Date.now() + r.resendIn * 1000);
      setCode('');
      setNotice(CODE_COPY.resent);
    } catch (err) {
      const ae = toAuthError(err);
      if (ae.retryAfterS) setUntil(Date.now() + ae.retryAfterS * 1000);
      setError(ae);
    } finally {
      setBusy(null);
    }
  }

  const expired = error?.code === 'code_expired';
  return (
    <form className="panel auth-card" onSubmit={(e) => void confirm(e)} noValidate>
      <div className="auth-card__head">
        <h2 className="t-h2">{CODE_COPY.title}</h2>
        <p className="auth-card__lead">{CODE_COPY.sentTo(formatPhone(phone))}</p>
      </div>
      <Field
        label={CODE_COPY.label}
        data-testid="auth-code"
        className="field__input auth-code-input"
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        maxLength={7}
        placeholder="••••••"
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/[^\d]/g, '').slice(0, 6))}
        error={error ? (expired ? `${error.message}. ${CODE_COPY.expiredHint}` : error.message) : null}
      />
      {notice && !error && (
        <p className="auth-card__notice" role="status">
          {notice}
        </p>
      )}
      <Button type="submit" size="l" block busy={busy === 'confirm'} disabled={busy !== null || code.length !== 6} data-testid="auth-confirm">
        {confirmLabel}
      </Button>
      <div className="auth-card__row">
        <button type="button" className="auth-link" onClick={onBack} disabled={busy !== null}>
          {CODE_COPY.back}
        </button>
        {left > 0 ? (
          <span className="auth-card__timer" data-testid="resend-countdown">
            {CODE_COPY.resendIn(formatSeconds(left))}
          </span>
        ) : (
          <button type="button" className="auth-link" onClick={() => void resend()} disabled={busy !== null} data-testid="auth-resend">
            {busy === 'resend' ? '…' : CODE_COPY.resend}
          </button>
        )}
      </div>
    </form>
  );
}
