import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { setCookie } from '../../state/cookies';
import { is18Next } from '../../domain/auth/is18-next';
import { Button } from '../../ui/button';
import { Wordmark } from '../../ui/surfaces';
import './is18-page.css';

/** How long the answer is remembered on this device. */
const IS18_MAX_AGE_S = 60 * 60 * 24 * 365;

/** The age gate: the club is for adults only; the answer opens sign-in or registration (guard is18). */
export default function Is18Page() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [minor, setMinor] = useState(false);
  if (minor) {
    return (
      <section className="is18" data-testid="screen-is18">
        <Wordmark brand="glo" size={40} />
        <h2 className="t-h2">Вибач, клуб лише для повнолітніх</h2>
        <p className="is18__text">Продукція містить нікотин і призначена тільки для осіб, яким виповнилося 18 років.</p>
      </section>
    );
  }
  return (
    <section className="is18" data-testid="screen-is18">
      <Wordmark brand="glo" size={40} />
      <h2 className="t-title">Тобі вже є 18?</h2>
      <p className="is18__text">Клуб і магазин — лише для повнолітніх споживачів нікотиновмісної продукції.</p>
      <div className="is18__actions">
        <Button
          size="l"
          block
          onClick={() => {
            setCookie('showIs18', '1', IS18_MAX_AGE_S);
            navigate(is18Next(search), { replace: true });
          }}
        >
          Так, мені є 18
        </Button>
        <Button size="l" block variant="secondary" onClick={() => setMinor(true)}>
          Ні
        </Button>
      </div>
      <p className="is18__note">18+ Продукція містить нікотин, який викликає залежність.</p>
    </section>
  );
}
