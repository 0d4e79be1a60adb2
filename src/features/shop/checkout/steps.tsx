import './checkout.css';

const STEPS = ['Кошик', 'Доставка', 'Оплата', 'Підтвердження'] as const;

/** Where the member is on the way to an order: cart, delivery, payment, confirmation. */
export function CheckoutSteps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <ol className="co-steps" aria-label="Кроки оформлення">
      {STEPS.map((s, i) => (
        <li
          key={s}
          className={i < current ? 'is-done' : i === current ? 'is-current' : undefined}
          aria-current={i === current ? 'step' : undefined}
        >
          {s}
        </li>
      ))}
    </ol>
  );
}
