import { ButtonLink } from '../../ui/button';
import { EmptyState } from '../../ui/surfaces';

/** What a velo page shows a member not allowed oral products yet: why, and the way to the age check. */
export function VeloLocked({ title, verify }: { title: string; verify: string }) {
  return (
    <EmptyState
      icon="rules"
      title={title}
      action={
        <ButtonLink to="/verification" variant="secondary">
          {verify}
        </ButtonLink>
      }
    />
  );
}
