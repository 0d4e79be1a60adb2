import { authentication } from './authentication';
import { isAuthentication } from './is-authentication';
import { is18 } from './is18';
import { isSuccessIs18 } from './is-success-is18';
import { referrer } from './referrer';
import { toOgoLanding } from './to-ogo-landing';
import type { Guard, GuardContext } from './types';

const GUARDS: Record<string, Guard> = {
  authentication,
  'is-authentication': isAuthentication,
  is18,
  'is-success-is18': isSuccessIs18,
  referrer,
  'to-ogo-landing': toOgoLanding,
};

/** Looks a guard up by its name (docs/rules.md#screens); an unknown name is a programming error (docs/rules.md#error-reactions). */
export function guardByName(name: string): Guard {
  const g = GUARDS[name];
  if (!g) throw new Error(`Unknown guard: ${name}`);
  return g;
}

/** Runs the guards in order; the first redirect wins. */
export function runGuards(names: readonly string[], ctx: GuardContext): string | null {
  for (const name of names) {
    const target = guardByName(name)(ctx);
    if (target !== null && target !== ctx.pathname) return target;
  }
  return null;
}
