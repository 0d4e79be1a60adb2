import { useCallback, useState } from 'react';
import type { LatLng } from '../../domain/content/geo-distance';

export type PositionState =
  { kind: 'idle' } | { kind: 'asking' } | { kind: 'known'; at: LatLng } | { kind: 'denied' | 'failed' | 'unsupported' };

/**
 * The member's position, asked only when they tap (the browser asks their permission then);
 * nothing is stored or sent anywhere: the distances are worked out on the device.
 */
export function usePosition(): [PositionState, () => void] {
  const [state, setState] = useState<PositionState>({ kind: 'idle' });
  const ask = useCallback(() => {
    const geo = typeof navigator === 'undefined' ? undefined : navigator.geolocation;
    if (!geo) {
      setState({ kind: 'unsupported' });
      return;
    }
    setState({ kind: 'asking' });
    geo.getCurrentPosition(
      (p) => setState({ kind: 'known', at: { lat: p.coords.latitude, lng: p.coords.longitude } }),
      (e) => setState({ kind: e.code === e.PERMISSION_DENIED ? 'denied' : 'failed' }),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 5 * 60_000 },
    );
  }, []);
  return [state, ask];
}
