import { BOT_VISIT_KEY } from '../../src/domain/club/bot-visit';
import type { RegistrationForm } from '../../src/domain/auth/registration';
import {
  confirmLoginCode,
  confirmRegistration,
  requestRegistrationCode,
  submitPhone,
} from '../../src/sync/auth/actions';
import type { UnsentSummary } from '../../src/sync/auth/logout';
import { logoutEverywhere, switchToVariant } from '../../src/sync/auth/member';
import type { Session as SignedIn } from '../../src/sync/auth/session';
import { AUTH_COPY } from '../../src/features/auth/copy';
import { formatPhone } from '../../src/domain/auth/phone';
import { lastSmsCode } from '../support/auth';
import type { Phone } from './phone';
import type { KitMember } from './server-state';
import type { Told } from './told';

let nextPhone = 380_681_000_000;

/** Sign-in, registration, logout and the variant switch, as /auth, /registration and the menu do them. */
export class Session {
  constructor(private readonly p: Phone) {}

  /**
   * Signs in as /auth does: the phone, the code from the SMS sandbox (waiting out the one-SMS-a-minute
   * limit when another phone just asked), the code. `fromChatBot`: the visit came from the chat bot.
   */
  signIn(m: Pick<KitMember, 'phone'>, opts: { fromChatBot?: boolean } = {}): Promise<Told<SignedIn>> {
    if (opts.fromChatBot) this.p.storage.setItem(BOT_VISIT_KEY, '1');
    return this.p.act<SignedIn>(async ({ env }) => {
      let step = await submitPhone(env, m.phone);
      for (let i = 0; i < 3 && step.kind === 'code-wait'; i += 1) {
        this.p.clock.move((step.resendIn + 1) * 1000);
        step = await submitPhone(env, m.phone);
      }
      if (step.kind === 'signed-in') return { at: 'sent', value: step.session };
      if (step.kind === 'unregistered')
        return { at: 'refused', says: AUTH_COPY.unregisteredText(formatPhone(step.phone)) };
      if (step.kind !== 'code-sent') throw new Error(`${this.p.name}: no login code could be sent to ${m.phone}`);
      const code = await lastSmsCode(this.p.world.server.current, step.phone);
      return { at: 'sent', value: await confirmLoginCode(env, step.phone, code) };
    });
  }

  /** Registers a new member as /registration does (form, SMS code, sign-in); the value is the new member. */
  register(form: Partial<RegistrationForm> = {}): Promise<Told<KitMember>> {
    const phone = form.phone ?? String(nextPhone++);
    return this.p.act<KitMember>(async ({ env }) => {
      const full: RegistrationForm = {
        first_name: 'Марія',
        last_name: 'Шевчук',
        email: `${phone}@example.com`,
        birth_date: '1994-05-12',
        adult_confirmed: true,
        ...form,
        phone,
      };
      const { clean } = await requestRegistrationCode(env, full);
      const code = await lastSmsCode(this.p.world.server.current, clean.phone);
      const s = await confirmRegistration(env, clean, code);
      const row = await this.p.world.server.current.deps.db
        .selectFrom('members')
        .select('id')
        .where('phone', '=', clean.phone)
        .executeTakeFirstOrThrow();
      return {
        at: 'sent',
        value: {
          id: row.id,
          phone: clean.phone,
          firstName: clean.first_name,
          glo: s.customerIds.glo!,
          ogo: s.customerIds.ogo ?? null,
        },
      };
    });
  }

  /**
   * Logout from the menu: what waits is sent first; if some is left the member is told how many
   * and what (`says`), and stays unless `anyway` («Вийти все одно»), which drops it.
   */
  logout(opts: { anyway?: boolean } = {}): Promise<Told<UnsentSummary>> {
    return this.p.act<UnsentSummary>(async ({ rt }) => {
      const left = await rt.prepareLogout();
      if (left.count === 0 || opts.anyway) await rt.logout();
      return { at: left.count === 0 || opts.anyway ? 'sent' : 'refused', says: left.message, value: left };
    });
  }

  /** /support «Вийти на всіх пристроях»: every session of the member ends (online only). */
  logoutEverywhere(): Promise<Told<number>> {
    return this.p.act<number>(async (tab) => ({
      at: 'sent',
      value: await logoutEverywhere(tab.env, () => tab.rt.logout()),
    }));
  }

  /** The menu's variant switch (the first switch to ogo makes the record, online only). */
  switchTo(variant: 'glo' | 'ogo'): Promise<Told> {
    return this.p.act(async ({ env }) => {
      await switchToVariant(env, variant);
      return { at: 'sent' };
    });
  }
}
