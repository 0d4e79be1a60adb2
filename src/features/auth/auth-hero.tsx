import '../../ui/hero.css';

/** The brand panel above the sign-in and registration forms. */
export function AuthHero({ copy }: { copy: { kicker: string; title: string; lead: string } }) {
  return (
    <header className="hero auth__hero">
      <p className="auth__kicker">{copy.kicker}</p>
      <h2 className="t-title">{copy.title}</h2>
      <p className="auth__lead">{copy.lead}</p>
    </header>
  );
}
