import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatPhone } from '../../domain/auth/phone';
import { LOGOUT_NOTICE_KEY, toAuthError } from '../../sync/auth/errors';
import { useAuthActions } from './use-auth-actions';
import { Button, ButtonLink } from '../../ui/button';
import { Field } from '../../ui/field';
import { Icon } from '../../ui/icons';
import { CodeStep } from './code-step';
import { AUTH_COPY } from './copy';
import { AuthHero } from './auth-hero';
import '../../ui/panel.css';
import './auth.css';

type Step =
  | { kind: 'phone' }
  | { kind: 'code'; phone: string; resendAt: number; sent: boolean }
  | { kind: 'unregistered'; phone: string };

/**
 * /auth (docs/rules.md#states SMS sign-in): the phone, stripped to digits (docs/rules.md#validation), then the 6-digit code. The
 * two allow-listed test phones (docs/rules.md#roles) sign in at once. Online only: offline it says so.
 */
export default function AuthPage() {
  const auth = useAuthActions();
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'phone' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // What a forced logout could not send (docs/rules.md#error-reactions): said once, then forgotten.
  const [lost] = useState(() => sessionStorage.getItem(LOGOUT_NOTICE_KEY));
  useEffect(() => sessionStorage.removeItem(LOGOUT_NOTICE_KEY), []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { actions, env } = await auth();
      const r = await actions.submitPhone(env, phone);
      if (r.kind === 'signed-in') {
        navigate('/', { replace: true });
        return;
      }
      if (r.kind === 'unregistered') setStep({ kind: 'unregistered', phone: r.phone });
      // 'code-wait': the server sent nothing (one SMS a minute); the step says so and counts down.
      else
        setStep({
          kind: 'code',
          phone: r.phone,
          resendAt: Date.now() + r.resendIn * 1000,
          sent: r.kind === 'code-sent',
        });
    } catch (err) {
      setError(toAuthError(err).message);
    }
    setBusy(false);
  }

  return (
    <section className="auth" data-testid="screen-auth">
      <AuthHero copy={AUTH_COPY} />

      {lost && (
        <p className="auth-form-error" role="status" data-testid="logout-notice">
          {AUTH_COPY.sessionEnded(lost)}
        </p>
      )}

      {step.kind === 'code' ? (
        <CodeStep
          phone={step.phone}
          resendAt={step.resendAt}
          sent={step.sent}
          onConfirm={async (code) => {
            const { actions, env } = await auth();
            await actions.confirmLoginCode(env, step.phone, code);
            navigate('/', { replace: true });
          }}
          onResend={() => auth().then(({ actions, env }) => actions.resendLoginCode(env, step.phone))}
          onBack={() => setStep({ kind: 'phone' })}
        />
      ) : step.kind === 'unregistered' ? (
        <div className="panel auth-card" role="status">
          <span className="auth-card__icon">
            <Icon name="user" size={26} />
          </span>
          <div className="auth-card__head">
            <h2 className="t-h2">{AUTH_COPY.unregisteredTitle}</h2>
            <p className="auth-card__lead">{AUTH_COPY.unregisteredText(formatPhone(step.phone))}</p>
          </div>
          <ButtonLink to={`/registration?phone=${step.phone}`} size="l" block data-testid="auth-register">
            {AUTH_COPY.join}
          </ButtonLink>
          <Button variant="ghost" block onClick={() => setStep({ kind: 'phone' })}>
            {AUTH_COPY.changePhone}
          </Button>
        </div>
      ) : (
        <form className="panel auth-card" onSubmit={(e) => void submit(e)} noValidate>
          <Field
            label={AUTH_COPY.phoneLabel}
            hint={AUTH_COPY.phoneHint}
            error={error}
            data-testid="auth-phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={AUTH_COPY.phonePlaceholder}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
          <Button
            type="submit"
            size="l"
            block
            busy={busy}
            disabled={phone.replace(/\D/g, '').length < 9}
            data-testid="auth-submit"
          >
            {AUTH_COPY.submit}
          </Button>
          <p className="auth-card__alt">
            {AUTH_COPY.noAccount} <Link to="/registration">{AUTH_COPY.join}</Link>
          </p>
        </form>
      )}
      <p className="auth__note">{AUTH_COPY.note}</p>
    </section>
  );
}
