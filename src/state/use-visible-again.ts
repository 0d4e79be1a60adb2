import { useEffect, useState } from 'react';

/**
 * Counts the times the page became visible again (the member came back to the app, e.g. after a
 * friend ordered): put it in a `usePullOnOpen` key to pull a screen's data again then.
 */
export function useVisibleAgain(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const onChange = () => {
      if (document.visibilityState === 'visible') setCount((n) => n + 1);
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return count;
}
