import { useState, type FormEvent } from 'react';
import type { Variant } from '../../db/rows-catalogue';
import { useSyncMaybe } from '../../state/sync-context';
import { certActions } from '../../sync/programme/lazy';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { CERT_COPY as T } from './copy';
import { Sheet } from '../../ui/sheet';

export interface Pick {
  partnerId: number;
  partnerName: string;
  nominal: number;
  xp: number;
}

interface Problem {
  message: string;
  code: string;
  field: string | null;
}

const asProblem = (e: unknown): Problem => {
  const x = e as { message?: string; code?: string; field?: string | null };
  return { message: x.message || T.somethingWrong, code: x.code ?? 'unknown', field: x.field ?? null };
};

/**
 * Confirms a purchase (partner, nominal, XP and the balance after) and buys it; asks for the
 * member's name and e-mail first when the certificate service needs them (docs/api.md#certificates regist).
 */
export function PurchaseSheet({
  pick,
  variant,
  balance,
  onClose,
  onBought,
}: {
  pick: Pick | null;
  variant: Variant;
  balance: number | null | undefined;
  onClose: () => void;
  onBought: (waiting: boolean) => void;
}) {
  const sync = useSyncMaybe();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [needsDetails, setNeedsDetails] = useState(false);
  const [details, setDetails] = useState({ first_name: '', last_name: '', email: '' });

  const close = () => {
    setProblem(null);
    setNeedsDetails(false);
    onClose();
  };

  async function buy(e?: FormEvent) {
    e?.preventDefault();
    if (!pick || !sync || busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const m = await certActions();
      const env = m.programmeEnv(sync);
      if (needsDetails) await m.ensureCertRegistration(env, variant, details);
      const r = await m.buyCertificate(env, variant, {
        partnerId: pick.partnerId,
        nominal: pick.nominal,
        xpPrice: pick.xp,
      });
      setNeedsDetails(false);
      onBought(r.state === 'waiting');
    } catch (err) {
      const p = asProblem(err);
      if (p.code === 'cert_registration_needed') setNeedsDetails(true);
      else setProblem(p);
    } finally {
      setBusy(false);
    }
  }

  const after = typeof balance === 'number' && pick ? balance - pick.xp : null;
  return (
    <Sheet open={pick !== null} onClose={close} title={needsDetails ? T.regTitle : T.buyTitle} testId="cert-purchase">
      {pick && !needsDetails && (
        <>
          <p>{T.buyText(pick.partnerName, pick.nominal, pick.xp)}</p>
          {after !== null && after >= 0 && <p className="t-small">{T.after(after)}</p>}
          {problem && (
            <p className="error-box" role="alert" data-testid="cert-error">
              {problem.message}
            </p>
          )}
          <div className="sheet__actions">
            <Button size="l" block busy={busy} onClick={() => void buy()} data-testid="cert-buy">
              {T.buy}
            </Button>
            <Button size="l" block variant="secondary" onClick={close}>
              {T.cancel}
            </Button>
          </div>
        </>
      )}
      {pick && needsDetails && (
        <form className="stack" onSubmit={(e) => void buy(e)} noValidate>
          <p className="t-small">{T.regText}</p>
          <Field
            label={T.firstName}
            autoComplete="given-name"
            value={details.first_name}
            error={problem?.field === 'first_name' ? problem.message : null}
            onChange={(e) => setDetails({ ...details, first_name: e.target.value })}
          />
          <Field
            label={T.lastName}
            autoComplete="family-name"
            value={details.last_name}
            error={problem?.field === 'last_name' ? problem.message : null}
            onChange={(e) => setDetails({ ...details, last_name: e.target.value })}
          />
          <Field
            label={T.email}
            type="email"
            autoComplete="email"
            inputMode="email"
            value={details.email}
            error={problem?.field === 'email' ? problem.message : null}
            onChange={(e) => setDetails({ ...details, email: e.target.value })}
          />
          {problem && !problem.field && (
            <p className="error-box" role="alert">
              {problem.message}
            </p>
          )}
          <div className="sheet__actions">
            <Button type="submit" size="l" block busy={busy}>
              {T.regSubmit}
            </Button>
            <Button size="l" block variant="secondary" onClick={close}>
              {T.cancel}
            </Button>
          </div>
        </form>
      )}
    </Sheet>
  );
}
