import type { WebLocksLike } from '../../../../src/sync/engine/lock';

/**
 * Web Locks as a browser provides them, in memory (Node and jsdom have none): exclusive,
 * granted in request order, released when the callback settles, or when its holder is killed
 * (a closed tab). One `client` per tab or worker.
 */
export function memoryLocks() {
  const holders = new Map<string, string>();
  const waiting = new Map<string, Array<{ client: string; start: () => void }>>();
  const release = (name: string, client: string) => {
    if (holders.get(name) !== client) return;
    holders.delete(name);
    const next = waiting.get(name)?.shift();
    if (next) {
      holders.set(name, next.client);
      next.start();
    }
  };
  return {
    holderOf: (name: string) => holders.get(name) ?? null,
    client(id: string): WebLocksLike & { kill(): void } {
      let dead = false;
      return {
        request<T>(name: string, cb: (lock: unknown) => Promise<T>): Promise<T> {
          return new Promise<T>((resolve, reject) => {
            const start = () => {
              if (dead) return release(name, id);
              void Promise.resolve()
                .then(() => cb({ name }))
                .then(
                  (v) => {
                    release(name, id);
                    resolve(v);
                  },
                  (e: unknown) => {
                    release(name, id);
                    reject(e);
                  },
                );
            };
            if (!holders.has(name)) {
              holders.set(name, id);
              start();
            } else {
              const q = waiting.get(name) ?? [];
              q.push({ client: id, start });
              waiting.set(name, q);
            }
          });
        },
        kill() {
          dead = true;
          for (const [name, q] of waiting)
            waiting.set(
              name,
              q.filter((w) => w.client !== id),
            );
          for (const [name, holder] of [...holders]) if (holder === id) release(name, id);
        },
      };
    },
  };
}
