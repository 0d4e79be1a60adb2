import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import '../index';
import { Scenario } from '../scenario';
import type { Fault } from '../network';
import { commands, type Model } from './commands';
import { checkRun } from './oracle';
import { Run } from './run';

// Random actions of every outbox kind on a member's two phones, with faults (dropped, 503, 429,
// refused, lost answers, pages killed before and after the server got a request), the network
// going and coming, time passing and restarts; then the network back for good. Checked: nothing
// waits, every refusal was told, each accepted change is on the server once, and both phones
// show what the server holds. A failure prints its seed and path (KIT_MODEL_SEED, KIT_MODEL_PATH replay it).

let s: Scenario;
beforeAll(async () => {
  s = await Scenario.start();
});
afterAll(() => s?.close());

const setupFault = fc.array(fc.constantFrom<Fault>('drop', '503', 'lose'), { maxLength: 2 });

describe('the outbox under faults, every kind, two phones (model-based, against the real server)', () => {
  it('loses nothing, doubles nothing and tells every refusal', async () => {
    await fc.assert(
      fc.asyncProperty(
        setupFault,
        fc.commands(commands, { maxCommands: Number(process.env.KIT_MODEL_COMMANDS ?? 25), size: 'large' }),
        async (faults, cmds) => {
          const run = await Run.start(s, faults);
          await fc.asyncModelRun(() => ({ model: {} as Model, real: run }), cmds);
          await run.drain();
          await checkRun(run);
          // KIT_MODEL_DEBUG=1 prints each run: its commands and what each action told.
          if (process.env.KIT_MODEL_DEBUG)
            console.log(
              String(cmds),
              run.told
                .map((t) => `${t.phone}:${t.action}:${t.told.at}${t.told.at === 'refused' ? ` (${t.told.says})` : ''}`)
                .join(' '),
            );
          for (const p of Object.values(run.phones)) p.close();
        },
      ),
      {
        numRuns: Number(process.env.KIT_MODEL_RUNS ?? 8),
        // Each run takes seconds: a failure is reported as found, with its seed, not shrunk.
        endOnFailure: true,
        ...(process.env.KIT_MODEL_SEED
          ? { seed: Number(process.env.KIT_MODEL_SEED), path: process.env.KIT_MODEL_PATH }
          : {}),
      },
    );
  }, 300_000);
});
