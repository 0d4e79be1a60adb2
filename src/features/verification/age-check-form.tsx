import { useState, type FormEvent } from 'react';
import { useAuthEnvNow } from '../../state/session';
import { toAuthError } from '../../sync/auth/errors';
import type { AgeCheck } from '../../sync/auth/member';
import { memberActions } from '../../sync/member/lazy';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { toasts } from '../../ui/toast-store';
import { VERIFY_COPY as T } from './copy';

/** The verify-age form of one method: the birth date, and the document number for 'document'. */
export function AgeCheckForm({
  method,
  submitLabel,
  onDone,
}: {
  method: AgeCheck['method'];
  submitLabel: string;
  onDone?: () => void;
}) {
  const envNow = useAuthEnvNow();
  const [birthDate, setBirthDate] = useState('');
  const [doc, setDoc] = useState('');
  const [errors, setErrors] = useState<{ birth_date?: string; document_number?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!birthDate) return setErrors({ birth_date: 'Вкажи дату народження' });
    setBusy(true);
    setErrors({});
    try {
      await (
        await memberActions()
      ).verifyAge(await envNow(), { method, birthDate, ...(method === 'document' ? { documentNumber: doc } : {}) });
      toasts.show(T.success, { kind: 'success' });
      onDone?.();
    } catch (err) {
      const ae = toAuthError(err);
      const field =
        ae.field === 'birth_date' || ae.code === 'underage'
          ? 'birth_date'
          : ae.field === 'document_number'
            ? 'document_number'
            : 'form';
      setErrors({ [field]: ae.message });
    }
    setBusy(false);
  }

  return (
    <form className="verify-form" onSubmit={(e) => void submit(e)} noValidate>
      {method === 'document' && (
        <Field
          label={T.document}
          hint={T.documentHint}
          autoCapitalize="characters"
          data-testid="verify-document"
          value={doc}
          onChange={(e) => setDoc(e.target.value)}
          error={errors.document_number}
        />
      )}
      <Field
        label={T.birthDate}
        type="date"
        min="1900-01-01"
        data-testid="verify-birth-date"
        value={birthDate}
        onChange={(e) => setBirthDate(e.target.value)}
        error={errors.birth_date}
      />
      {errors.form && (
        <p className="verify-form__error" role="alert">
          {errors.form}
        </p>
      )}
      <Button type="submit" size="l" block busy={busy} data-testid="verify-submit">
        {submitLabel}
      </Button>
    </form>
  );
}
