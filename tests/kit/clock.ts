import { ManualClock } from '../../server/clock';

/** A length of time: milliseconds, or '30s', '5m', '2h', '1d'. */
export type Duration = number | `${number}${'ms' | 's' | 'm' | 'h' | 'd'}`;

const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** Milliseconds of a {@link Duration}. */
export function toMs(d: Duration): number {
  if (typeof d === 'number') return d;
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/.exec(d);
  if (!m) throw new Error(`not a duration: ${d}`);
  return Number(m[1]) * UNIT_MS[m[2] as keyof typeof UNIT_MS];
}

/** Monday 4 March 2030, 10:00 in Kyiv: a working morning, so "today" call-back windows are open. */
export const SCENARIO_START = '2030-03-04T08:00:00.000Z';

interface Timer {
  id: number;
  at: number;
  fn: () => void;
}

/**
 * One time for the server and every phone, moved only by the scenario. The phones' retry timers
 * (the outbox's backoff) run on it: moving the clock past one fires it, as time passing would.
 */
export class ScenarioClock {
  /** The server's clock (tokens, SMS limits, order dates), kept equal to this one. */
  readonly server: ManualClock;
  private t: number;
  private timers: Timer[] = [];
  private nextId = 1;

  constructor(start: string = SCENARIO_START) {
    this.t = Date.parse(start);
    this.server = new ManualClock(start);
  }

  /** Epoch ms of the scenario. */
  now = (): number => this.t;

  /** A phone's timer on scenario time (the trigger of its next replay). */
  setTimer = (fn: () => void, ms: number): number => {
    const id = this.nextId++;
    this.timers.push({ id, at: this.t + Math.max(0, ms), fn });
    return id;
  };

  clearTimer = (handle: unknown): void => {
    this.timers = this.timers.filter((x) => x.id !== handle);
  };

  /** Moves time on by `d`, firing the timers that fall due on the way, in their order. */
  move(d: Duration): void {
    const end = this.t + toMs(d);
    for (;;) {
      const due = this.timers.filter((x) => x.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.clearTimer(due.id);
      this.step(due.at);
      due.fn();
    }
    this.step(end);
  }

  private step(to: number): void {
    if (to <= this.t) return;
    this.server.advance(to - this.t);
    this.t = to;
  }
}
