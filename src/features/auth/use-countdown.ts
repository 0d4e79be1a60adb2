import { useEffect, useState } from 'react';

/** Seconds left until `until` (epoch ms), ticking each second; 0 once passed. */
export function useCountdown(until: number): number {
  const left = () => Math.max(0, Math.ceil((until - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  useEffect(() => {
    setSeconds(left());
    const t = setInterval(() => {
      const s = left();
      setSeconds(s);
      if (s === 0) clearInterval(t);
    }, 1000);
    return () => clearInterval(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `left` is made anew each render from `until`
  }, [until]);
  return seconds;
}
