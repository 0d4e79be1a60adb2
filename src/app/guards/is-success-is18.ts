import type { Guard } from './types';

/** Once the age question is answered, /is18 has nothing more to ask: move on. */
export const isSuccessIs18: Guard = (ctx) => (ctx.is18Confirmed ? (ctx.signedIn ? '/' : '/auth') : null);
