/**
 * A logout tells the service worker (sw/forget-member.ts) to drop its copies of the member: it
 * answers on the port sent with the message once it has.
 */
export const FORGET_MEMBER_MESSAGE = 'FORGET_MEMBER';

/** The channel on which a tab tells the app's other open tabs that the member logged out. */
export const LOGOUT_CHANNEL = 'club-logout';
