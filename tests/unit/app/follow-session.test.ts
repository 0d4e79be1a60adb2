// Every open tab follows a logout and a sign-in made in another (src/app/pwa/follow-session.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  followSessionElsewhere,
  followVerdict,
  signedInHere,
  type FollowEnv,
} from '../../../src/app/pwa/follow-session';
import { LOGOUT_CHANNEL } from '../../../src/app/pwa/logout-protocol';
import { ownerOf } from '../../../src/app/snapshot/store';

const HER = ownerOf('usertoken=tok-olena');
const HIS = ownerOf('usertoken=tok-andrii');

describe('what a tab does when the session may have changed elsewhere', () => {
  it('another tab logged out: leave, whatever the cookie says by then', () => {
    expect(followVerdict(HER, null, 'logged-out')).toBe('leave');
    expect(followVerdict(HER, HIS, 'logged-out')).toBe('leave');
  });

  it('someone signed in elsewhere: reload as them, unless this tab already shows them', () => {
    expect(followVerdict(null, HIS, 'signed-in')).toBe('reload');
    expect(followVerdict(HER, HIS, 'signed-in')).toBe('reload');
    expect(followVerdict(HIS, HIS, 'signed-in')).toBe('stay');
    // Signed in and out again before this tab heard it.
    expect(followVerdict(HER, null, 'signed-in')).toBe('leave');
  });

  it('woken up (shown again, back from the cache) to another member’s cookie, or none: follows it', () => {
    expect(followVerdict(HER, HIS, 'woke')).toBe('reload');
    expect(followVerdict(HER, null, 'woke')).toBe('leave');
    expect(followVerdict(HER, HER, 'woke')).toBe('stay');
  });

  it('a signed-out tab that wakes up to a cookie stays: its own sign-in sets the cookie before it says so', () => {
    expect(followVerdict(null, HIS, 'woke')).toBe('stay');
    expect(followVerdict(null, null, 'woke')).toBe('stay');
  });
});

describe('a tab following the others', () => {
  const channels: BroadcastChannel[] = [];
  const stops: Array<() => void> = [];
  afterEach(() => {
    channels.splice(0).forEach((c) => c.close());
    stops.splice(0).forEach((s) => s());
  });
  /** Another tab of the app. */
  const otherTab = () => {
    const c = new BroadcastChannel(LOGOUT_CHANNEL);
    channels.push(c);
    return c;
  };
  /** This tab, its cookie and what it did. */
  const thisTab = (cookie: string) => {
    const doc = Object.assign(new EventTarget(), { cookie, visibilityState: 'visible' as DocumentVisibilityState });
    const env: FollowEnv = {
      doc: doc as unknown as FollowEnv['doc'],
      win: new EventTarget() as unknown as Window,
      leave: vi.fn(),
      reload: vi.fn(),
    };
    stops.push(followSessionElsewhere(env));
    return { doc, env };
  };

  it('reloads when another tab signs someone else in, and leaves when it logs out', async () => {
    const tab = thisTab('usertoken=tok-olena');
    tab.doc.cookie = 'usertoken=tok-andrii';
    otherTab().postMessage({ type: 'signed-in' });
    await vi.waitFor(() => expect(tab.env.reload).toHaveBeenCalledOnce());
    otherTab().postMessage({ type: 'logged-out' });
    await vi.waitFor(() => expect(tab.env.leave).toHaveBeenCalledOnce());
  });

  it('that missed the word (frozen) follows the cookie when shown again', () => {
    const tab = thisTab('usertoken=tok-olena');
    tab.doc.dispatchEvent(new Event('visibilitychange'));
    expect(tab.env.reload).not.toHaveBeenCalled();
    tab.doc.cookie = 'usertoken=tok-andrii';
    tab.doc.dispatchEvent(new Event('resume'));
    expect(tab.env.reload).toHaveBeenCalledOnce();
  });

  it('takes its own sign-in for its own, and tells the other tabs', async () => {
    const other = otherTab();
    const heard: unknown[] = [];
    other.onmessage = (e) => heard.push(e.data);
    const tab = thisTab('');
    tab.doc.cookie = 'usertoken=tok-andrii';
    signedInHere(() => tab.doc.cookie);
    await vi.waitFor(() => expect(heard).toEqual([{ type: 'signed-in' }]));
    // A word about the same sign-in (a second tab signing him in again) changes nothing here.
    other.postMessage({ type: 'signed-in' });
    tab.doc.dispatchEvent(new Event('visibilitychange'));
    await new Promise((r) => setTimeout(r, 50));
    expect(tab.env.reload).not.toHaveBeenCalled();
    expect(tab.env.leave).not.toHaveBeenCalled();
  });
});
