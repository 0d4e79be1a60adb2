import { changeXp } from '../../../server/xp';
import type { ProductRow } from '../../../src/db/rows-catalogue';
import type { Fault } from '../network';
import type { Phone } from '../phone';
import type { Scenario } from '../scenario';
import type { KitMember } from '../server-state';
import type { Told } from '../told';

export type PhoneId = 'A' | 'B';

/** The app open on `p`: opened again while a fault kills its page (the faults run out). */
export async function opened(p: Phone): Promise<Phone> {
  while (p.tabs.length === 0) await p.open();
  return p;
}

/** What each action told the member, for the check that every refusal was told. */
export interface ToldRecord {
  phone: PhoneId;
  action: string;
  told: Told;
}

/**
 * One run of the model test: a member registered on phone A (/registration) who also signs in on
 * phone B from the chat bot, with XP to spend; what the commands did, and the orders placed.
 */
export class Run {
  readonly told: ToldRecord[] = [];
  /** Orders the server placed (from either phone), the last first, with whether feedback was given. */
  readonly orders: Array<{ id: number; card: boolean; reviewed: boolean }> = [];
  /** Codes and serials each phone used, so the other can reuse one (a refusal the server must tell). */
  readonly used: Record<PhoneId, { codes: string[]; serials: string[] }> = {
    A: { codes: [], serials: [] },
    B: { codes: [], serials: [] },
  };

  private constructor(
    readonly s: Scenario,
    readonly member: KitMember,
    readonly phones: Record<PhoneId, Phone>,
    readonly products: ProductRow[],
  ) {}

  static async start(s: Scenario, setupFaults: Fault[]): Promise<Run> {
    const a = await s.phone(null);
    // The reports registration queues meet faults of their own.
    a.network.failOn('/analytics/', ...setupFaults);
    const registered = await a.session.register();
    const member = registered.value!;
    await changeXp(s.server.current.deps.db, {
      customerId: member.glo,
      amount: 5000,
      reason: 'manual',
      title: 'Подарунок клубу',
      now: new Date(s.clock.now()),
    });
    const b = await s.phone(member, { fromChatBot: true });
    // Past the balance's fresh minutes, A opens the app again and shows the XP too.
    await s.clock.advance('11m');
    await a.restart();
    const products = (await a.screens.products('glo', 'sticks')).slice(0, 4);
    return new Run(s, member, { A: a, B: b }, products);
  }

  /** Records what an action told; reopens the app when the action's page died. */
  async record(phone: PhoneId, action: string, told: Told): Promise<void> {
    this.told.push({ phone, action, told });
    await opened(this.phones[phone]);
  }

  /**
   * The network back for good: faults gone, both phones online with the app open, time moving
   * until nothing waits; the checkout pages opened (orders answered after their page died get
   * their follow-ups); then, past every freshness window, both apps opened again, so what they
   * show is pulled afresh.
   */
  async drain(): Promise<void> {
    for (const p of Object.values(this.phones)) {
      p.network.clearFaults();
      p.online();
      await opened(p);
    }
    for (let i = 0; i < 12; i += 1) {
      await this.s.clock.advance('10m');
      for (const p of Object.values(this.phones)) await p.checkout.open();
      const waiting = await Promise.all(
        Object.values(this.phones).map((p) =>
          p.read((db) => db.outbox.where('state').anyOf('pending', 'sending').count()),
        ),
      );
      if (waiting.every((n) => n === 0)) break;
    }
    await this.s.clock.advance('11m');
    for (const p of Object.values(this.phones)) await p.restart();
  }
}
