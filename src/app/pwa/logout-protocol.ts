/**
 * A logout tells the service worker (sw/forget-member.ts) to drop its copies of the member: it
 * answers on the port sent with the message once it has.
 */
export const FORGET_MEMBER_MESSAGE = 'FORGET_MEMBER';

/**
 * The channel on which a tab tells the app's other open tabs that the member logged out or that
 * someone signed in (the name dates from when it carried logouts only; tabs of an older build
 * still listen on it and take any message for a logout).
 */
export const LOGOUT_CHANNEL = 'club-logout';

/** What goes over the channel. */
export type SessionMessage = { type: 'logged-out' } | { type: 'signed-in' };
