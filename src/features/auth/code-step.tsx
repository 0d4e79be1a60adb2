import { useState, type FormEvent } from 'react';
import { formatPhone } from '../../domain/auth/phone';
import { AuthError, toAuthError } from '../../sync/auth/errors';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { Icon } from '../../ui/icons';
import { CODE_COPY } from './copy';
import { useCountdown } from './use-countdown';
import '../../ui/panel.css';
import { lengthProblem } from '../../domain/format/text-limit';

/**
 * The second step of sign-in and registration: the 6-digit code from the SMS. The resend
 * button counts down the server's limit (one SMS a minute per phone). When the server refused
 * to send (429 with Retry-After: the phone had an SMS less than a minute ago, say from a
 * registration just now) nothing was sent, so the step says so, asks for no code, and offers
 * to send one once the wait is over.
 */
export function CodeStep({
  phone,
  resendAt,
  sent = true,
  confirmLabel = CODE_COPY.confirm,
  onConfirm,
  onResend,
  onBack,
}: {
  phone: string;
  /** Epoch ms from when a new code may be asked for. */
  resendAt: number;
  /** False when no code went out (the server's wait), so there is none to type yet. */
  sent?: boolean;
  confirmLabel?: string;
  onConfirm: (code: string) => Promise<void>;
  onResend: () => Promise<{ resendIn: number }>;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<AuthError | null>(null);
  const [busy, setBusy] = useState<'confirm' | 'resend' | null>(null);
  const [until, setUntil] = useState(resendAt);
  const [hasCode, setHasCode] = useState(sent);
  const [notice, setNotice] = useState<string | null>(null);
  const left = useCountdown(until);

  async function confirm(e: FormEvent) {
    e.preventDefault();
    if (!hasCode) return;
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
      setNotice(hasCode ? CODE_COPY.resent : null);
      setHasCode(true);
    } catch (err) {
      const ae = toAuthError(err);
      // Still too early (another tab, a clock apart): the server's own wait, counted down again.
      if (ae.retryAfterS) setUntil(Date.now() + ae.retryAfterS * 1000);
      setError(ae.code === 'rate_limited' && ae.retryAfterS ? null : ae);
    } finally {
      setBusy(null);
    }
  }

  const expired = error?.code === 'code_expired';
  const resendButton = (
    <button
      type="button"
      className={hasCode ? 'auth-link' : 'btn btn--primary btn--l btn--block'}
      onClick={() => void resend()}
      disabled={busy !== null || left > 0}
      aria-live="polite"
      data-testid="auth-resend"
    >
      {busy === 'resend' ? (
        <span className="btn__spinner" aria-hidden="true" />
      ) : (
        <span data-testid={left > 0 ? 'resend-countdown' : undefined}>
          {hasCode
            ? left > 0
              ? CODE_COPY.resendWait(left)
              : CODE_COPY.resend
            : left > 0
              ? CODE_COPY.waitSendIn(left)
              : CODE_COPY.waitSend}
        </span>
      )}
    </button>
  );

  if (!hasCode) {
    return (
      <div className="panel auth-card" data-testid="code-wait">
        <span className="auth-card__icon">
          <Icon name="refresh" size={26} />
        </span>
        <div className="auth-card__head">
          <h2 className="t-h2">{CODE_COPY.waitTitle}</h2>
          <p className="auth-card__lead">{CODE_COPY.waitText(formatPhone(phone))}</p>
          {left > 0 && (
            <p className="auth-card__timer" role="timer">
              {CODE_COPY.resendIn(left)}
            </p>
          )}
        </div>
        {error && (
          <p className="auth-form-error" role="alert">
            {error.message}
          </p>
        )}
        {resendButton}
        <div className="auth-card__row">
          <button type="button" className="auth-link" onClick={onBack} disabled={busy !== null}>
            {CODE_COPY.back}
          </button>
        </div>
      </div>
    );
  }

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
        placeholder="••••••"
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/[^\d]/g, ''))}
        error={
          error
            ? expired
              ? `${error.message}. ${CODE_COPY.expiredHint}`
              : error.message
            : lengthProblem(code, 6, CODE_COPY.label, 'digits')
        }
      />
      {notice && !error && (
        <p className="auth-card__notice" role="status">
          {notice}
        </p>
      )}
      <Button
        type="submit"
        size="l"
        block
        busy={busy === 'confirm'}
        disabled={busy !== null || code.length !== 6}
        data-testid="auth-confirm"
      >
        {confirmLabel}
      </Button>
      <div className="auth-card__row">
        {resendButton}
        <button type="button" className="auth-link" onClick={onBack} disabled={busy !== null}>
          {CODE_COPY.back}
        </button>
      </div>
    </form>
  );
}
