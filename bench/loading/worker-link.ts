// The service worker's own network, throttled like the page's: a phone has one link. Playwright
// gives no CDP session to a service worker, and Chromium's browser-level auto-attach speaks only the
// flattened protocol (a session id on each message), which Playwright's CDPSession cannot send; so
// the bench opens a second DevTools connection of its own (the browser runs with
// --remote-debugging-port=0 and names the port in its profile's DevToolsActivePort file).
// Every service worker is held at its start (waitForDebuggerOnStart) until its network conditions
// are set, so none of its requests slips through unthrottled. Its requests are recorded too.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Network conditions as Network.emulateNetworkConditions takes them. */
export interface Conditions {
  offline: boolean;
  latency: number;
  downloadThroughput: number;
  uploadThroughput: number;
}
export const UNTHROTTLED: Conditions = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

/** One request a service worker made: monotonic seconds (the same clock as the page's CDP events). */
export interface WorkerRequest {
  url: string;
  sent: number;
  done: number | null;
  bytes: number;
  priority: string;
}

interface Message {
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
  sessionId?: string;
  result?: unknown;
  error?: { message: string };
}

type Socket = {
  send(data: string): void;
  close(): void;
  addEventListener(type: 'message', fn: (e: { data: unknown }) => void): void;
  addEventListener(type: 'open' | 'close' | 'error', fn: () => void, opts?: { once: boolean }): void;
};

/** Node 22 has WebSocket; Node 20 takes the `ws` package that Lighthouse brings. */
async function socketClass(): Promise<new (url: string) => Socket> {
  const own = (globalThis as { WebSocket?: new (url: string) => Socket }).WebSocket;
  if (own) return own;
  const name = 'ws';
  return ((await import(name)) as { default: new (url: string) => Socket }).default;
}

/** Where a browser started with --remote-debugging-port=0 listens. */
export interface DevTools {
  port: number;
  path: string;
}

/** Read from the profile's DevToolsActivePort file, which the browser writes as it starts. */
export async function devToolsOf(profile: string): Promise<DevTools> {
  const file = join(profile, 'DevToolsActivePort');
  for (let i = 0; !existsSync(file); i += 1) {
    if (i > 200) throw new Error('the browser wrote no DevToolsActivePort');
    await new Promise((r) => setTimeout(r, 50));
  }
  const [port, path] = readFileSync(file, 'utf8').trim().split('\n');
  return { port: Number(port), path: path ?? '' };
}

export class WorkerLink {
  private next = 0;
  private waits = new Map<number, (m: Message) => void>();
  private sessions = new Set<string>();
  private conditions: Conditions = UNTHROTTLED;
  private pending = new Map<string, WorkerRequest>();
  /** Every request of every service worker since the link opened. */
  readonly requests: WorkerRequest[] = [];

  private constructor(private socket: Socket) {
    socket.addEventListener('message', (e) => void this.onMessage(JSON.parse(String(e.data)) as Message));
  }

  /** Connects to the browser's DevTools endpoint and starts watching its service workers. */
  static async open(endpoint: DevTools): Promise<WorkerLink> {
    const Ws = await socketClass();
    const socket = new Ws(`ws://127.0.0.1:${endpoint.port}${endpoint.path}`);
    await new Promise<void>((resolve, reject) => {
      socket.addEventListener('open', () => resolve(), { once: true });
      socket.addEventListener('error', () => reject(new Error('no DevTools connection')), { once: true });
    });
    const link = new WorkerLink(socket);
    await link.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: true,
      flatten: true,
      filter: [{ type: 'service_worker', exclude: false }, { exclude: true }],
    });
    return link;
  }

  private send(method: string, params: object = {}, sessionId?: string): Promise<Message> {
    const id = (this.next += 1);
    return new Promise((resolve) => {
      this.waits.set(id, resolve);
      this.socket.send(JSON.stringify({ id, method, params, sessionId }));
    });
  }

  private async onMessage(m: Message): Promise<void> {
    if (m.id !== undefined) {
      this.waits.get(m.id)?.(m);
      this.waits.delete(m.id);
      return;
    }
    const p = m.params ?? {};
    if (m.method === 'Target.attachedToTarget') {
      const sessionId = p.sessionId as string;
      this.sessions.add(sessionId);
      await this.send('Network.enable', {}, sessionId);
      await this.send('Network.emulateNetworkConditions', this.conditions, sessionId);
      await this.send('Runtime.runIfWaitingForDebugger', {}, sessionId);
    } else if (m.method === 'Target.detachedFromTarget') {
      this.sessions.delete(p.sessionId as string);
    } else if (m.method === 'Network.requestWillBeSent') {
      const req = p.request as { url: string; initialPriority: string };
      const r: WorkerRequest = {
        url: req.url,
        sent: p.timestamp as number,
        done: null,
        bytes: 0,
        priority: req.initialPriority,
      };
      this.pending.set(`${m.sessionId} ${String(p.requestId)}`, r);
      this.requests.push(r);
    } else if (m.method === 'Network.loadingFinished' || m.method === 'Network.loadingFailed') {
      const r = this.pending.get(`${m.sessionId} ${String(p.requestId)}`);
      if (r) {
        r.done = p.timestamp as number;
        r.bytes = Number(p.encodedDataLength ?? 0);
      }
    }
  }

  /** Applies `c` to every service worker now running and to any that starts later. */
  async throttle(c: Conditions): Promise<void> {
    this.conditions = c;
    await Promise.all([...this.sessions].map((s) => this.send('Network.emulateNetworkConditions', c, s)));
  }

  close(): void {
    this.socket.close();
  }
}
