import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from '../../ui/surfaces';

// The manual entry (and the form field it uses) loads when it is opened: /scanning paints within
// the first-route budget with the camera first.
const Entry = lazy(() => import('./manual-entry').then((m) => ({ default: m.ManualEntry })));

export function LazyManualEntry(props: ComponentProps<typeof Entry>) {
  return (
    <Suspense fallback={<Skeleton lines={2} height={44} />}>
      <Entry {...props} />
    </Suspense>
  );
}
