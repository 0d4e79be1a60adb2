/** A render refused because the queue is full or the wait ran out; `retryAfterS` is when to ask again. */
export class RenderBusy extends Error {
  constructor(readonly retryAfterS: number) {
    super('picture renders busy');
    this.name = 'RenderBusy';
  }
}

interface Waiter {
  start: () => void;
  timer: NodeJS.Timeout;
}

/**
 * At most `slots` renders at once; the others wait their turn in arrival order, at most
 * `maxWaiting` of them and each at most `maxWaitMs`, else refused with RenderBusy. A waiting
 * request holds only its closure, a render holds its pixels: a burst costs memory for `slots`
 * renders, not for every request in it, and leaves the other cores to the rest of the server.
 */
export class RenderSlots {
  /** Renders running now. */
  inFlight = 0;
  /** The most renders that ever ran at once (the bound holding, for the metrics). */
  peak = 0;
  private readonly queue: Waiter[] = [];
  /** A moving average of one render's time, ms: what Retry-After is worked out from. */
  private renderMs = 30;

  constructor(
    readonly slots: number,
    readonly maxWaiting: number,
    readonly maxWaitMs: number,
  ) {}

  /** Requests waiting for a slot now. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Runs `render` in a slot, once one is free. Rejects with RenderBusy when it may not wait. */
  async run<T>(render: () => Promise<T>): Promise<T> {
    if (this.inFlight < this.slots) this.take();
    else await this.turn();
    const t0 = performance.now();
    try {
      return await render();
    } finally {
      this.renderMs = this.renderMs * 0.9 + (performance.now() - t0) * 0.1;
      this.release();
    }
  }

  private take(): void {
    this.inFlight += 1;
    this.peak = Math.max(this.peak, this.inFlight);
  }

  /** Resolves holding the slot a finishing render hands on (so no newcomer slips in between). */
  private turn(): Promise<void> {
    if (this.queue.length >= this.maxWaiting) return Promise.reject(this.busy());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        start: resolve,
        timer: setTimeout(() => {
          this.queue.splice(this.queue.indexOf(waiter), 1);
          reject(this.busy());
        }, this.maxWaitMs),
      };
      waiter.timer.unref();
      this.queue.push(waiter);
    });
  }

  private release(): void {
    const next = this.queue.shift();
    if (!next) {
      this.inFlight -= 1;
      return;
    }
    clearTimeout(next.timer);
    next.start();
  }

  private busy(): RenderBusy {
    const drainMs = ((this.queue.length + this.slots) / this.slots) * this.renderMs;
    return new RenderBusy(Math.max(1, Math.ceil(drainMs / 1000)));
  }
}
