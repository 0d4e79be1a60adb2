import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import './button.css';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

interface Common {
  variant?: Variant;
  size?: 'm' | 'l';
  block?: boolean;
  icon?: ReactNode;
}

function cls(o: Common, extra?: string) {
  return ['btn', `btn--${o.variant ?? 'primary'}`, `btn--${o.size ?? 'm'}`, o.block ? 'btn--block' : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

/** The app's button. `busy` shows a spinner and blocks a second press. */
export function Button({
  variant,
  size,
  block,
  icon,
  busy,
  className,
  children,
  type = 'button',
  disabled,
  ...rest
}: Common & { busy?: boolean } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type={type}
      className={cls({ variant, size, block }, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...rest}
    >
      {busy ? <span className="btn__spinner" aria-hidden="true" /> : icon}
      <span>{children}</span>
    </button>
  );
}

/** A link that looks like a button. */
export function ButtonLink({ variant, size, block, icon, className, children, ...rest }: Common & LinkProps) {
  return (
    <Link className={cls({ variant, size, block }, className)} {...rest}>
      {icon}
      <span>{children}</span>
    </Link>
  );
}
