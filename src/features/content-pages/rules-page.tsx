import { useKv } from '../../db/hooks';
import { ButtonLink } from '../../ui/button';
import { EmptyState, Skeleton } from '../../ui/surfaces';
import { ContentView } from './content-view';
import { CONTENT_COPY as T } from './copy';

/**
 * /rules: club rules, only for age-verified members (docs/rules.md#validation, docs/rules.md#roles). The menu hides the entry;
 * the page itself shows the others the way to the age check instead of the rules.
 */
export default function RulesPage() {
  const ageVerified = useKv('ageVerified');
  if (ageVerified === undefined) return <Skeleton lines={6} />;
  if (!ageVerified) {
    return (
      <div data-testid="screen-rules">
        <EmptyState
          icon="rules"
          title={T.rulesLockedTitle}
          text={T.rulesLockedText}
          action={
            <ButtonLink to="/verification" size="l">
              {T.rulesLockedAction}
            </ButtonLink>
          }
        />
      </div>
    );
  }
  return <ContentView pageKey="clubRules" lead={T.rulesLead} testId="screen-rules" />;
}
