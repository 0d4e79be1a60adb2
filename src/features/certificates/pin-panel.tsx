import { useEffect, useState, type FormEvent } from 'react';
import type { Variant } from '../../db/rows-catalogue';
import { useAuthEnv, useAuthEnvNow } from '../../state/session';
import type { AuthEnv } from '../../sync/auth/actions';
import { useNow } from '../../state/online';
import { certActions } from '../../sync/programme/lazy';
import type { CertCodes } from '../../sync/pullers/programmes-cert';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { LineIcon } from '../../ui/icons';
import { toasts } from '../../ui/toast-store';
import { CERT_COPY as T } from './copy';

type PinStatus = 'none' | 'pending' | 'active' | 'locked';
type Step = 'intro' | 'set' | 'sms' | 'enter';

const LOCK = 'M7 11V8a5 5 0 0 1 10 0v3M6 11h12a1 1 0 0 1 1 1v8a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1v-8a1 1 0 0 1 1-1zM12 15v2';

const firstStep = (s: PinStatus): Step => (s === 'active' ? 'enter' : s === 'pending' ? 'sms' : 'intro');
// Only the digits, all of them: a longer paste is refused with its reason on submit, never cut to fit.
const digits = (v: string) => v.replace(/\D/g, '');

function mmss(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The PIN flow of docs/api.md#certificates (pin/store → SMS → pin/enter-sms; pin/token reveals the codes): set a
 * PIN confirmed by the SMS code, then enter it to see the codes for the PIN token's 5 minutes.
 */
export function PinPanel({ variant, status, codes }: { variant: Variant; status: PinStatus; codes: CertCodes | null }) {
  const env = useAuthEnv();
  const envNow = useAuthEnvNow();
  const now = useNow(1000);
  const [step, setStep] = useState<Step>(firstStep(status));
  const [pin, setPin] = useState('');
  const [sms, setSms] = useState('');
  const [phone, setPhone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);

  useEffect(() => setStep((s) => (s === 'sms' || s === 'set' ? s : firstStep(status))), [status]);
  const shown = codes && codes.until > now;
  useEffect(() => {
    if (codes && codes.until <= now && env) void certActions().then((m) => m.hideCodes(env, variant));
  }, [codes, now, env, variant]);

  async function run(action: (env: AuthEnv) => Promise<void>) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await action(await envNow());
    } catch (e) {
      const x = e as { message?: string; field?: string | null };
      setError({ field: x.field ?? null, message: x.message || T.somethingWrong });
    } finally {
      setBusy(false);
    }
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (step === 'set')
      void run(async (env) => {
        const r = await (await certActions()).startPinSetup(env, pin);
        setPhone(r.phone);
        setSms('');
        setStep('sms');
      });
    else if (step === 'sms')
      void run(async (env) => {
        await (await certActions()).confirmPin(env, variant, sms);
        setPin('');
        setStep('enter');
        toasts.show(T.pinDone, { kind: 'success' });
      });
    else if (step === 'enter')
      void run(async (env) => {
        await (await certActions()).revealCodes(env, variant, pin);
        setPin('');
      });
  };

  if (shown) {
    return (
      <section className="panel cert-pin" data-testid="cert-pin">
        <div className="cert-pin__timer">
          <span data-testid="cert-codes-timer">{T.hidesIn(mmss(codes.until - now))}</span>
          <Button
            variant="secondary"
            onClick={() => void Promise.all([certActions(), envNow()]).then(([m, env]) => m.hideCodes(env, variant))}
          >
            {T.hide}
          </Button>
        </div>
      </section>
    );
  }

  const text =
    step === 'intro'
      ? T.pinNoneText
      : step === 'enter'
        ? T.pinEnterText
        : step === 'sms'
          ? phone
            ? T.smsSent(phone)
            : T.pinPending
          : T.pinNewHint;
  return (
    <section className="panel cert-pin" data-testid="cert-pin">
      <div className="cert-pin__head">
        <span className="icon-tile cert-pin__icon">
          <LineIcon d={LOCK} size={22} />
        </span>
        <div>
          <h2 className="t-h3">{status === 'active' && step === 'enter' ? T.pinActive : T.pinTitle}</h2>
          <p>{status === 'locked' && step !== 'set' && step !== 'sms' ? T.pinLocked : text}</p>
        </div>
      </div>
      {step === 'intro' ? (
        <Button size="l" block onClick={() => setStep('set')} data-testid="cert-pin-start">
          {T.pinSet}
        </Button>
      ) : (
        // Keyed by step: each step's button is its own element, so the app's double-click guard
        // (docs/rules.md#screens) never takes the first press of the next step for a repeat of the last.
        <form key={step} className="stack" onSubmit={submit} noValidate>
          {step === 'sms' ? (
            <Field
              label={T.smsCode}
              inputMode="numeric"
              autoComplete="one-time-code"
              value={sms}
              error={error?.message ?? null}
              onChange={(e) => setSms(digits(e.target.value))}
              className="field__input cert-pin__input"
              data-testid="cert-pin-sms"
            />
          ) : (
            <Field
              label={step === 'set' ? T.pinNew : T.pin}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              value={pin}
              error={error?.message ?? null}
              onChange={(e) => setPin(digits(e.target.value))}
              className="field__input cert-pin__input"
              data-testid="cert-pin-input"
            />
          )}
          <Button type="submit" size="l" block busy={busy} data-testid="cert-pin-submit">
            {step === 'set' ? T.pinSend : step === 'sms' ? T.smsConfirm : T.reveal}
          </Button>
          {(step === 'enter' || step === 'sms') && (
            <Button
              variant="ghost"
              onClick={() => {
                setError(null);
                setPin('');
                setStep('set');
              }}
            >
              {T.pinReset}
            </Button>
          )}
        </form>
      )}
    </section>
  );
}
