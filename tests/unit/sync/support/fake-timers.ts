/** Timers the test fires by hand: each set timer is kept with its delay until cleared. */
export function fakeTimers() {
  const timers: Array<{ fn: () => void; ms: number; live: boolean }> = [];
  return {
    setTimer: (fn: () => void, ms: number) => {
      const t = { fn, ms, live: true };
      timers.push(t);
      return t;
    },
    clearTimer: (h: unknown) => void ((h as { live: boolean }).live = false),
    live: () => timers.filter((t) => t.live),
  };
}
