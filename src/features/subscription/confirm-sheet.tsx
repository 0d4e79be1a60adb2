import { useState } from 'react';
import type { SubscriptionPlan } from '../../contract/subscription';
import type { Variant } from '../../db/rows-catalogue';
import { formatUah } from '../../domain/format/money';
import { MAX_PAUSE_WEEKS } from '../../domain/programme/subscription-rules';
import { useOnline } from '../../state/online';
import { useAuthEnvNow } from '../../state/session';
import { subscriptionActions } from '../../sync/programme/lazy';
import { Button } from '../../ui/button';
import { toasts } from '../../ui/toast-store';
import { SUB_COPY as T } from './copy';
import { Sheet } from '../../ui/sheet';

export type Confirm =
  { kind: 'subscribe'; plan: SubscriptionPlan } | { kind: 'pause' } | { kind: 'resume' } | { kind: 'cancel' };

/** Pause lengths offered, in weeks (1 to the rule's maximum). */
const WEEK_CHOICES = [1, 2, 4, MAX_PAUSE_WEEKS];

/** Every subscription change is confirmed here first (subscribe, pause with its length, resume, cancel with a reason). */
export function ConfirmSheet({
  confirm,
  variant,
  onClose,
}: {
  confirm: Confirm | null;
  variant: Variant;
  onClose: () => void;
}) {
  const envNow = useAuthEnvNow();
  const online = useOnline();
  const [weeks, setWeeks] = useState(2);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    setReason('');
    onClose();
  };
  async function go() {
    if (!confirm || busy) return;
    setBusy(true);
    setError(null);
    try {
      const m = await subscriptionActions();
      const env = await envNow();
      if (confirm.kind === 'subscribe') await m.subscribeTo(env, variant, confirm.plan);
      else if (confirm.kind === 'pause') await m.pauseSubscription(env, variant, weeks);
      else if (confirm.kind === 'resume') await m.resumeSubscription(env, variant);
      else await m.cancelSubscription(env, variant, reason);
      toasts.show(online ? (T.done[confirm.kind] ?? '') : T.waiting, { kind: 'success' });
      close();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  }

  const title =
    confirm?.kind === 'subscribe'
      ? T.confirmSubscribe(confirm.plan.title)
      : confirm?.kind === 'pause'
        ? T.confirmPause
        : confirm?.kind === 'resume'
          ? T.confirmResume
          : T.confirmCancel;
  return (
    <Sheet open={confirm !== null} onClose={close} title={title} testId="sub-confirm" className="sub-sheet">
      {confirm?.kind === 'subscribe' && (
        <p>{T.confirmSubscribeText(formatUah(confirm.plan.price), confirm.plan.packs, confirm.plan.intervalDays)}</p>
      )}
      {confirm?.kind === 'pause' && (
        <>
          <p>{T.confirmPauseText}</p>
          <span className="field__label">{T.weeksLabel}</span>
          <div className="sub-weeks" role="group" aria-label={T.weeksLabel}>
            {WEEK_CHOICES.map((w) => (
              <button
                key={w}
                type="button"
                className="sub-week"
                aria-pressed={weeks === w}
                onClick={() => setWeeks(w)}
                data-testid={`sub-weeks-${w}`}
              >
                <strong>{w}</strong>
                {T.weeksUnit(w)}
              </button>
            ))}
          </div>
        </>
      )}
      {confirm?.kind === 'resume' && <p>{T.confirmResumeText}</p>}
      {confirm?.kind === 'cancel' && (
        <>
          <p>{T.confirmCancelText}</p>
          <label className="field">
            <span className="field__label">{T.reasonLabel}</span>
            <textarea
              className="field__input sub-reason"
              value={reason}
              aria-invalid={error ? true : undefined}
              data-testid="sub-reason"
              onChange={(e) => (setReason(e.target.value), setError(null))}
            />
          </label>
        </>
      )}
      {error && (
        <p className="sub-error" role="alert" data-testid="sub-error">
          {error}
        </p>
      )}
      <div className="sheet__actions">
        <Button
          size="l"
          block
          busy={busy}
          variant={confirm?.kind === 'cancel' ? 'danger' : 'primary'}
          onClick={() => void go()}
          data-testid="sub-confirm-yes"
        >
          {confirm?.kind === 'cancel'
            ? T.cancel
            : confirm?.kind === 'subscribe'
              ? T.subscribe
              : confirm?.kind === 'pause'
                ? T.pause
                : T.resume}
        </Button>
        <Button size="l" block variant="secondary" onClick={close}>
          {confirm?.kind === 'cancel' ? T.keep : T.back}
        </Button>
      </div>
    </Sheet>
  );
}
