import { useState, type FormEvent } from 'react';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import type { ReadFeedback } from '../../ui/scanner/camera-scanner';
import { SCAN_COPY as T } from './copy';
import { useAnsweredFeedback } from './scan-answer';

/**
 * Typing the code from the pack (the alternative to the camera). A refusal stays beside
 * the field and nothing is queued; a kept code clears the field for the next one, and its note
 * becomes the server's answer when it comes.
 */
export function ManualEntry({
  onSubmit,
  onClose,
  autoFocus = false,
}: {
  onSubmit: (code: string) => Promise<ReadFeedback>;
  onClose?: () => void;
  autoFocus?: boolean;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<ReadFeedback | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = useAnsweredFeedback(note);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const f = await onSubmit(value);
    setBusy(false);
    if (f.tone === 'error') {
      setError(f.text ? `${f.title}: ${f.text}` : f.title);
      setNote(null);
      return;
    }
    setError(null);
    setNote(f);
    if (f.tone === 'ok') setValue('');
  };
  return (
    <form className="manual-entry card" onSubmit={(e) => void submit(e)} noValidate data-testid="manual-entry">
      <div className="manual-entry__head">
        <h2 className="t-h3">{T.manual.title}</h2>
        {onClose && (
          <button type="button" className="manual-entry__close" onClick={onClose}>
            {T.manual.close}
          </button>
        )}
      </div>
      <Field
        label={T.manual.label}
        placeholder={T.manual.placeholder}
        hint={T.manual.hint}
        error={error}
        value={value}
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        inputMode="text"
        autoFocus={autoFocus}
        data-testid="manual-code"
      />
      {shown && (
        <p className={`manual-entry__note is-${shown.tone}`} role="status" data-testid="manual-note">
          <strong>{shown.title}</strong> {shown.text}
        </p>
      )}
      <Button type="submit" block busy={busy} data-testid="manual-submit">
        {T.manual.submit}
      </Button>
    </form>
  );
}
