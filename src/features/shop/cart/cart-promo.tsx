import { useState, type FormEvent } from 'react';
import type { CartLineRow } from '../../../db/rows-catalogue';
import { PRODUCT_TAGS, type ShopVariant } from '../../../domain/catalogue/catalogue';
import { friendCodeProblem } from '../../../domain/invite/friend-code';
import { cleanPromoCode, promoCodeInputProblem } from '../../../domain/cart/promo-code-input';
import { VELO_USED_TAG, veloPromoInputVisible, veloPromoProblem } from '../../../domain/cart/velo-promo';
import { db } from '../../../db/db';
import { saveDraft } from '../../../sync/checkout/draft';
import { useSyncMaybe } from '../../../state/sync-context';
import { inviteActions } from '../../../sync/programme/lazy';
import { Button } from '../../../ui/button';
import '../../../ui/field.css';
import { VELO_PROMO } from '../velo/config';
import { PROMO_COPY as T } from './promo-copy';
import { ShopIcon } from '../shop-icons';
import './cart-promo.css';

interface Props {
  variant: ShopVariant;
  lines: readonly CartLineRow[];
  /** Why the kept velo code does not apply now (null when it does, or none is kept). */
  veloProblem: string | null;
  codes: { veloCode: string; friendCode: string };
  customerTags: readonly string[];
  ordersCount: number;
}

/** One code: the field and «Застосувати» while none is kept; the kept code and «Прибрати» after. */
function CodeField(p: {
  id: string;
  label: string;
  hint: string;
  placeholder: string;
  /** A code of this field's kind, named when the typed one is malformed. */
  example: string;
  kept: string;
  applied: string;
  problem: string | null;
  check: (code: string) => string | null;
  /** The server's check (online), after `check`: the reason the code does not count, or null. */
  verify?: (code: string) => Promise<string | null>;
  save: (code: string) => Promise<unknown>;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  if (p.kept) {
    return (
      <div className={`promo-kept${p.problem ? ' is-off' : ''}`} data-testid={`${p.id}-kept`}>
        <ShopIcon name={p.problem ? 'clock' : 'check'} size={18} />
        <span className="promo-kept__text">
          <strong>{p.applied}</strong>
          {p.problem && <span data-testid={`${p.id}-problem`}>{T.notApplied(p.problem)}</span>}
        </span>
        <button
          type="button"
          className="promo-kept__remove"
          data-testid={`${p.id}-remove`}
          onClick={() => void p.save('')}
        >
          {T.remove}
        </button>
      </div>
    );
  }
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (checking) return;
    const code = cleanPromoCode(value);
    let problem = promoCodeInputProblem(value, p.example) ?? p.check(code);
    if (!problem && p.verify) {
      setChecking(true);
      try {
        problem = await p.verify(code);
      } finally {
        setChecking(false);
      }
    }
    setError(problem);
    if (problem) return;
    await p.save(code);
    setValue('');
  };
  const id = `promo-${p.id}`;
  const note = error ?? p.hint;
  return (
    <form className={`promo-form field${error ? ' field--error' : ''}`} onSubmit={(e) => void submit(e)} noValidate>
      <label className="field__label" htmlFor={id}>
        {p.label}
      </label>
      <div className="promo-form__row">
        <input
          id={id}
          className="field__input"
          placeholder={p.placeholder}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-note`}
          data-testid={`${p.id}-input`}
          onChange={(e) => {
            setValue(e.target.value);
            setError(null);
          }}
        />
        <Button
          type="submit"
          variant="secondary"
          busy={checking}
          disabled={!value.trim()}
          data-testid={`${p.id}-apply`}
        >
          {T.apply}
        </Button>
      </div>
      <span id={`${id}-note`} className={error ? 'field__error' : 'field__hint'} role={error ? 'alert' : undefined}>
        {note}
      </span>
    </form>
  );
}

/**
 * The cart's promo codes (docs/rules.md#validation): a friend's REW- code (first order only) and, on ogo with
 * velo pouches in the cart, the velo 20% code, shown only while it can apply. Bad input gets its
 * message beside the field and is not kept; the server checks every code again with the order.
 */
export default function CartPromo({ variant, lines, veloProblem, codes, customerTags, ordersCount }: Props) {
  const ctx = { variant, lines, customerTags };
  const sync = useSyncMaybe();
  // Online, a friend's code is checked with the server when entered; offline it is kept, and create-order checks it.
  const verifyFriend = async (code: string): Promise<string | null> => {
    if (!sync) return null;
    const m = await inviteActions();
    try {
      await m.checkFriendCode(m.programmeEnv(sync), variant, code);
      return null;
    } catch (e) {
      return e instanceof Error && (e as { code?: string }).code !== 'offline' ? e.message : null;
    }
  };
  const veloVisible = veloPromoInputVisible(ctx);
  const hasVelo =
    variant === 'ogo' &&
    lines.some((l) => l.tags.includes(PRODUCT_TAGS.velo) && !l.tags.includes(PRODUCT_TAGS.veloGift));
  const veloNote =
    hasVelo && !veloVisible && !codes.veloCode
      ? customerTags.includes(VELO_USED_TAG)
        ? T.veloUsed
        : lines.some((l) => l.tags.includes(PRODUCT_TAGS.veloGift))
          ? T.veloGift
          : null
      : null;
  return (
    <section className="card card--stack" aria-label={T.title} data-testid="cart-promo">
      <h2 className="promo__title">{T.title}</h2>
      <CodeField
        id="friend-code"
        label={T.friendLabel}
        hint={ordersCount > 0 ? T.friendFirstOnly : T.friendHint}
        placeholder={T.friendPlaceholder}
        example={T.friendExample}
        kept={codes.friendCode}
        applied={T.friendApplied(codes.friendCode)}
        problem={codes.friendCode ? friendCodeProblem(codes.friendCode, ordersCount) : null}
        check={(code) => friendCodeProblem(code, ordersCount)}
        verify={verifyFriend}
        save={(friendCode) => saveDraft(db, variant, { friendCode })}
      />
      {(veloVisible || codes.veloCode) && (
        <CodeField
          id="velo-code"
          label={T.veloLabel}
          hint={T.veloHint}
          placeholder={VELO_PROMO}
          example={VELO_PROMO}
          kept={codes.veloCode}
          applied={T.veloApplied(codes.veloCode)}
          problem={veloProblem}
          check={(code) => veloPromoProblem({ ...ctx, code, configured: VELO_PROMO })}
          save={(veloCode) => saveDraft(db, variant, { veloCode })}
        />
      )}
      {veloNote && (
        <p className="promo__note" data-testid="velo-note">
          {veloNote}
        </p>
      )}
    </section>
  );
}
