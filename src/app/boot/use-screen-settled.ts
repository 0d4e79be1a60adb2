import { useEffect, useState } from 'react';
import { afterScreenSettled, isScreenSettled } from './first-screen';

/** Whether the first screen has settled (./first-screen): what the member did not ask for waits for it. */
export function useScreenSettled(): boolean {
  const [settled, setSettled] = useState(isScreenSettled);
  useEffect(() => (settled ? undefined : afterScreenSettled(() => setSettled(true))), [settled]);
  return settled;
}
