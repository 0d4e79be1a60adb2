import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { INVITE_CODE_KEY, readInviteCode } from '../../state/visitor';
import { ADULT_AGE } from '../../domain/auth/age';
import { formatPhone } from '../../domain/auth/phone';
import { registrationProblems, type CleanRegistration, type RegistrationForm } from '../../domain/auth/registration';
import { toAuthError } from '../../sync/auth/errors';
import { useAuthActions } from './use-auth-actions';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { CodeStep } from './code-step';
import { CODE_COPY, REGISTRATION_COPY as T } from './copy';
import { AuthHero } from './auth-hero';
import '../../ui/panel.css';
import './auth.css';

type Errors = Partial<Record<keyof RegistrationForm | 'form', string>>;

interface FormState {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  birth_date: string;
  adult: boolean;
  referrer: string;
}

/** The latest birth date of an adult today, YYYY-MM-DD (the date picker's max). */
function adultBirthMax(today = new Date()): string {
  const d = new Date(Date.UTC(today.getUTCFullYear() - ADULT_AGE, today.getUTCMonth(), today.getUTCDate()));
  return d.toISOString().slice(0, 10);
}

/**
 * /registration: name, e-mail (checked with check-email), phone, and the age check of docs/rules.md#validation —
 * a birth date of an adult, or a confirmation of being one. An invite code from a `?ref=` link
 * is kept. Then the SMS code confirms the registration and signs in.
 */
export default function RegistrationPage() {
  const auth = useAuthActions();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form, setForm] = useState<FormState>(() => ({
    first_name: '',
    last_name: '',
    email: '',
    phone: params.get('phone') ? formatPhone(params.get('phone') ?? '') : '',
    birth_date: '',
    adult: false,
    referrer: params.get('ref') ?? readInviteCode() ?? '',
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<{ clean: CleanRegistration; resendAt: number; codeSent: boolean } | null>(null);

  const set = (k: keyof FormState) => (v: string | boolean) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => ({ ...e, [k]: undefined, form: undefined }));
  };
  const asForm = (): RegistrationForm => ({
    first_name: form.first_name,
    last_name: form.last_name,
    email: form.email,
    phone: form.phone,
    birth_date: form.adult ? null : form.birth_date || null,
    adult_confirmed: form.adult,
    referrer: form.referrer || null,
  });

  async function emailBlur() {
    if (!form.email.trim()) return;
    const { actions, env } = await auth().catch(() => ({ actions: null, env: null }));
    if (!actions || !env) return;
    const r = await actions.checkEmail(env, form.email);
    if (r && !r.valid) setErrors((e) => ({ ...e, email: T.emailInvalid }));
    else if (r && !r.free) setErrors((e) => ({ ...e, email: T.emailTaken }));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    // Every wrong field is told at once, each beside itself (not only the first).
    const problems = registrationProblems(asForm(), new Date());
    if (problems.length) {
      const next: Errors = {};
      for (const p of problems) {
        const key = p.field === 'adult_confirmed' ? 'birth_date' : p.field;
        if (key in form && !next[key as keyof Errors]) next[key as keyof Errors] = p.message;
      }
      setErrors(next);
      return;
    }
    setBusy(true);
    try {
      const { actions, env } = await auth();
      try {
        const r = await actions.requestRegistrationCode(env, asForm());
        setSent({ clean: r.clean, resendAt: Date.now() + r.resendIn * 1000, codeSent: true });
      } catch (err) {
        // The form is fine but the phone had an SMS less than a minute ago: nothing was sent yet.
        const wait = actions.codeWait(toAuthError(err));
        const clean = wait === null ? null : actions.cleanRegistration(asForm(), env);
        if (wait === null || !clean) throw err;
        setSent({ clean, resendAt: Date.now() + wait * 1000, codeSent: false });
      }
    } catch (err) {
      const ae = toAuthError(err);
      const field = ae.code === 'phone_registered' ? 'phone' : ae.field;
      const message = ae.code === 'phone_registered' ? T.phoneTaken : ae.message;
      setErrors(
        field && field in form ? { [field === 'adult_confirmed' ? 'birth_date' : field]: message } : { form: message },
      );
    }
    setBusy(false);
  }

  if (sent) {
    return (
      <section className="auth" data-testid="screen-registration">
        <CodeStep
          phone={sent.clean.phone}
          resendAt={sent.resendAt}
          sent={sent.codeSent}
          confirmLabel={CODE_COPY.confirmRegistration}
          onConfirm={async (code) => {
            const { actions, env } = await auth();
            await actions.confirmRegistration(env, sent.clean, code);
            localStorage.removeItem(INVITE_CODE_KEY);
            navigate('/', { replace: true });
          }}
          onResend={async () => {
            const { actions, env } = await auth();
            return { resendIn: (await actions.requestRegistrationCode(env, asForm())).resendIn };
          }}
          onBack={() => setSent(null)}
        />
      </section>
    );
  }

  return (
    <section className="auth" data-testid="screen-registration">
      <AuthHero copy={T} />
      <form className="panel auth-card" onSubmit={(e) => void submit(e)} noValidate>
        <div className="auth-grid">
          <Field
            label={T.firstName}
            autoComplete="given-name"
            data-testid="reg-first-name"
            value={form.first_name}
            onChange={(e) => set('first_name')(e.target.value)}
            error={errors.first_name}
          />
          <Field
            label={T.lastName}
            autoComplete="family-name"
            data-testid="reg-last-name"
            value={form.last_name}
            onChange={(e) => set('last_name')(e.target.value)}
            error={errors.last_name}
          />
        </div>
        <Field
          label={T.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          data-testid="reg-email"
          value={form.email}
          onChange={(e) => set('email')(e.target.value)}
          onBlur={() => void emailBlur()}
          error={errors.email}
        />
        <Field
          label={T.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+380 50 123 45 67"
          data-testid="reg-phone"
          value={form.phone}
          onChange={(e) => set('phone')(e.target.value)}
          error={errors.phone}
        />
        {!form.adult && (
          <Field
            label={T.birthDate}
            hint={T.birthHint}
            type="date"
            max={adultBirthMax()}
            min="1900-01-01"
            data-testid="reg-birth-date"
            value={form.birth_date}
            onChange={(e) => set('birth_date')(e.target.value)}
            error={errors.birth_date ?? errors.adult_confirmed}
          />
        )}
        <label className="auth-check">
          <input
            type="checkbox"
            data-testid="reg-adult"
            checked={form.adult}
            onChange={(e) => set('adult')(e.target.checked)}
          />
          <span>{T.adult}</span>
        </label>
        {form.adult && errors.birth_date && <p className="auth-form-error">{errors.birth_date}</p>}
        <Field
          label={T.invite}
          hint={T.inviteHint}
          autoCapitalize="characters"
          data-testid="reg-invite"
          value={form.referrer}
          onChange={(e) => set('referrer')(e.target.value)}
          error={errors.referrer}
        />
        {errors.form && (
          <p className="auth-form-error" role="alert">
            {errors.form}
          </p>
        )}
        <p className="auth-consent">
          {T.consentBefore}
          <Link to="/user-agreement">{T.consentLink}</Link>.
        </p>
        <Button type="submit" size="l" block busy={busy} data-testid="reg-submit">
          {T.submit}
        </Button>
        <p className="auth-card__alt">
          {T.haveAccount} <Link to="/auth">{T.signIn}</Link>
        </p>
      </form>
    </section>
  );
}
