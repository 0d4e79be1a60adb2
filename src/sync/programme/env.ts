import type { AuthEnv } from '../auth/actions';
import { authEnv } from '../auth/env';
import type { Outbox } from '../engine/outbox';
import type { SyncRuntime } from '../runtime';

/** What the programme actions need: the member environment and the outbox (for `sendOnline`). */
export interface ProgrammeEnv extends AuthEnv {
  outbox: Outbox;
}

/** The programme actions' environment in the page, from the sync runtime. */
export function programmeEnv(rt: SyncRuntime): ProgrammeEnv {
  return { ...authEnv(rt), outbox: rt.outbox };
}
