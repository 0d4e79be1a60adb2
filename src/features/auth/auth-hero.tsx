import { hostBrand } from '../../state/visitor';
import { authKicker } from './copy';
import '../../ui/hero.css';

/** The brand panel above the sign-in and registration forms: «Клуб glo» or «Клуб ogo» by host (both are for visitors not signed in). */
export function AuthHero({ copy }: { copy: { title: string; lead: string } }) {
  const variant = hostBrand();
  return (
    <header className="hero auth__hero">
      <p className="auth__kicker" data-testid="auth-kicker">
        {authKicker(variant)}
      </p>
      <h2 className="t-title">{copy.title}</h2>
      <p className="auth__lead">{copy.lead}</p>
    </header>
  );
}
