// @vitest-environment jsdom
// A logout reaches the app's other open tabs (src/app/pwa/logout-channel.ts) and the service
// worker (src/app/pwa/forget-member.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { announceLogout, leaveAfterLogoutElsewhere, onLogoutElsewhere } from '../../../src/app/pwa/logout-channel';
import { LOGOUT_CHANNEL } from '../../../src/app/pwa/logout-protocol';
import { tellWorker } from '../../../src/app/pwa/forget-member';

describe('other open tabs', () => {
  const channels: BroadcastChannel[] = [];
  const otherTab = () => {
    const c = new BroadcastChannel(LOGOUT_CHANNEL);
    channels.push(c);
    return c;
  };
  afterEach(() => channels.splice(0).forEach((c) => c.close()));

  it('hear a logout announced here; this tab hears theirs, never its own', async () => {
    const other = otherTab();
    const heardThere: unknown[] = [];
    other.onmessage = (e) => heardThere.push(e.data);
    const heardHere = vi.fn();
    const stop = onLogoutElsewhere(heardHere);
    announceLogout();
    await vi.waitFor(() => expect(heardThere).toEqual([{ type: 'logged-out' }]));
    other.postMessage({ type: 'logged-out' });
    await vi.waitFor(() => expect(heardHere).toHaveBeenCalled());
    expect(heardHere).toHaveBeenCalledOnce();
    stop();
  });

  it('leave for the sign-in with their own sessionStorage emptied', () => {
    sessionStorage.setItem('cartReferrer', '/shop/sticks');
    const go = vi.fn();
    leaveAfterLogoutElsewhere(sessionStorage, go);
    expect(sessionStorage.length).toBe(0);
    expect(go).toHaveBeenCalledWith('/auth');
  });
});

describe('the service worker', () => {
  /** A container whose active worker answers the message on its port (or stays silent). */
  const container = (answers: boolean) => {
    const got: unknown[] = [];
    const worker = {
      postMessage: (data: unknown, ports: MessagePort[]) => {
        got.push(data);
        if (answers) ports[0]!.postMessage('forgotten');
      },
    };
    return {
      got,
      sw: { controller: worker, getRegistration: async () => undefined } as unknown as ServiceWorkerContainer,
    };
  };

  it('is told, and the logout goes on once it answered', async () => {
    const c = container(true);
    expect(await tellWorker(c.sw)).toBe(true);
    expect(c.got).toEqual([{ type: 'FORGET_MEMBER' }]);
  });

  it('does not hold the logout when it is silent or absent', async () => {
    vi.useFakeTimers();
    try {
      const answer = tellWorker(container(false).sw, 2000);
      await vi.advanceTimersByTimeAsync(2000);
      expect(await answer).toBe(false);
    } finally {
      vi.useRealTimers();
    }
    expect(
      await tellWorker({
        controller: null,
        getRegistration: async () => undefined,
      } as unknown as ServiceWorkerContainer),
    ).toBe(false);
    expect(await tellWorker(undefined)).toBe(false);
  });
});
