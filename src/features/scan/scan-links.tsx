import { Link } from 'react-router';
import { Icon } from '../../ui/icons';
import { ScanIcon, type ScanIconName } from '../../ui/scanner/scan-icons';

/** Links to the other scan screens, each with a line of what it is for. */
export function ScanLinks({
  links,
}: {
  links: ReadonlyArray<{ to: string; icon: ScanIconName; title: string; text: string }>;
}) {
  return (
    <nav className="list-group scan-links" aria-label="Сканування">
      {links.map((l) => (
        <Link key={l.to} to={l.to} className="list-row">
          <span className="list-row__icon">
            <ScanIcon name={l.icon} size={20} />
          </span>
          <span className="list-row__text">
            <span className="list-row__title">{l.title}</span>
            <span className="list-row__subtitle">{l.text}</span>
          </span>
          <Icon name="chevron" size={18} className="list-row__chevron" />
        </Link>
      ))}
    </nav>
  );
}
