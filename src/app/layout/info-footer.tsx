import { Link } from 'react-router';
import { Wordmark } from '../../ui/surfaces';

/** The footer of the information pages (layout `ogo-footer`). */
export function InfoFooter({ variant }: { variant: 'glo' | 'ogo' }) {
  return (
    <footer className="info-footer">
      <Wordmark brand={variant} size={22} />
      <nav className="info-footer__links" aria-label="Інформація">
        <Link to="/faq">Питання та відповіді</Link>
        <Link to="/user-agreement">Угода користувача</Link>
        <Link to="/support">Підтримка</Link>
      </nav>
      <p className="info-footer__note">
        18+ Продукція містить нікотин, який викликає залежність. Лише для повнолітніх споживачів.
      </p>
    </footer>
  );
}
