import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import type { Fault } from '../network';
import type { Phone } from '../phone';
import type { Told } from '../told';
import { opened, type PhoneId, type Run } from './run';

/** The model beside the real system: nothing to predict up front; the checks come after the drain. */
export type Model = Record<string, never>;
type Cmd = fc.AsyncCommand<Model, Run>;

/** One action of a screen on one phone; `act` may use what the run holds (products, orders, codes). */
class Act implements Cmd {
  constructor(
    readonly d: PhoneId,
    readonly name: string,
    readonly act: (p: Phone, r: Run, d: PhoneId) => Promise<Told | null>,
  ) {}
  check = () => true;
  async run(_m: Model, r: Run) {
    // The member opens the app to act: a fault may have killed its page since the last action
    // (one that told nothing, as a card payment with no card order, is not followed by a reopen).
    const told = await this.act(await opened(r.phones[this.d]), r, this.d);
    if (told) await r.record(this.d, this.name, told);
  }
  toString = () => `${this.name}(${this.d})`;
}

/** Something that happens to a phone or to time, not an action of the member. */
class Happen implements Cmd {
  constructor(
    readonly label: string,
    readonly go: (r: Run) => Promise<void>,
  ) {}
  check = () => true;
  async run(_m: Model, r: Run) {
    await this.go(r);
  }
  toString = () => this.label;
}

const other = (d: PhoneId): PhoneId => (d === 'A' ? 'B' : 'A');
const last = <T>(xs: T[]): T | undefined => xs[xs.length - 1];

/** A code for a scan: a fresh one, one the other phone scanned (the server refuses it), or one never printed. */
async function codeFor(r: Run, d: PhoneId, pick: number): Promise<string> {
  const reused = last(r.used[other(d)].codes);
  const code = pick === 1 && reused ? reused : pick === 2 ? randomUUID() : (await r.s.codes(1, { xp: 7 }))[0]!;
  r.used[d].codes.push(code);
  return code;
}

async function order(p: Phone, r: Run, card: boolean, call: boolean): Promise<Told> {
  const told = await p.checkout.order({
    payment: card ? 'card' : 'cash',
    ...(call ? { call: { day: 'Завтра', from: '12:00', to: '14:00' } } : {}),
  });
  const id = told.value?.orderId;
  if (id) r.orders.unshift({ id, card, reviewed: false });
  return told;
}

/** The ogo shop on phone B: a velo order by the local courier with the velo promo, then back to glo. */
async function veloOrder(p: Phone, r: Run): Promise<Told | null> {
  if ((await p.session.switchTo('ogo')).at !== 'sent') return null;
  const velo = (await (await opened(p)).screens.products('ogo')).find(
    (x) => x.tags.includes('velo') && x.tags.includes('ipost_allow') && !x.bonuses,
  );
  if (velo) await p.shop.addToCart(velo, 2);
  const told = await (await opened(p)).checkout.order({ delivery: 'ipost', veloCode: 'VELO-20%' });
  if (told.value?.orderId) r.orders.unshift({ id: told.value.orderId, card: false, reviewed: false });
  await (await opened(p)).session.switchTo('glo');
  return told;
}

async function feedback(p: Phone, r: Run): Promise<Told | null> {
  const o = r.orders.find((x) => !x.reviewed);
  if (!o) return null;
  o.reviewed = true;
  await r.s.deliver(o.id);
  await opened(p);
  return p.club.feedback({ orderId: o.id, photos: 1 });
}

async function subscription(p: Phone, which: number): Promise<Told> {
  if (which === 0) return p.club.subscribe();
  if (which === 1) return p.club.pause(1);
  if (which === 2) return p.club.resume();
  return p.club.cancel();
}

const phone = fc.constantFrom<PhoneId>('A', 'B');
const fault = fc.constantFrom<Fault>('drop', '503', '429', 'reject', 'lose', 'lose', 'kill-before', 'kill-after');
const act = (name: string, fn: (p: Phone, r: Run, n: number, d: PhoneId) => Promise<Told | null>, n = fc.nat(3)) =>
  fc.tuple(phone, n).map(([d, k]) => new Act(d, name, (p, r) => fn(p, r, k, d)));

/** Every action of the screens (between them, every outbox kind), faults, the network, time and restarts. */
export const commands: Array<fc.Arbitrary<Cmd>> = [
  act('favourite', (p, r, n) => p.shop.favourite(r.products[n]!)),
  act('addToCart', (p, r, n) => p.shop.addToCart(r.products[n]!, n + 1)),
  act('order', (p, r, n) => order(p, r, n % 2 === 1, n >= 2)),
  act('payByCard', async (p, r) => {
    const o = r.orders.find((x) => x.card);
    return o ? p.checkout.payByCard(o.id, 'glo') : null;
  }),
  fc.constant(new Act('B', 'veloOrder', veloOrder)),
  act('scan', async (p, r, n, d) => p.scan.code(await codeFor(r, d, n % 3))),
  act('badge', (p, _r, n) => p.scan.badge(`KV-0${n}`)),
  act('photo', async (p, r) => p.scan.photo(await r.s.codes(2, { xp: 3 }))),
  act('device', async (p, r, n, d) => {
    const reused = last(r.used[other(d)].serials);
    const serial = n === 0 && reused ? reused : (await r.s.serials(1))[0]!;
    r.used[d].serials.push(serial);
    return p.scan.device(serial);
  }),
  act('feedback', (p, r) => feedback(p, r)),
  act('storeFeedback', async (p, r) => p.club.storeFeedback({ purchaseId: await r.s.storePurchase(r.member) })),
  act('certificate', async (p, r) => p.club.buyCertificate(await r.s.certificate())),
  act('quiz', (p) => p.club.answerQuiz()),
  act('subscription', (p, _r, n) => subscription(p, n)),
  act('callBack', (p) => p.support.callBack()),
  act('newsConsent', (p, _r, n) => p.support.newsConsent(n % 2 === 0)),
  act('address', (p, _r, n) => p.profile.saveAddress({ method: 1, city: 'Львів', branch: `Відділення №${n + 1}` })),
  act('visit', (p, _r, n) => p.support.visit(`/shop/sticks?page=${n}`)),
  act('signInAgain', (p, r) => p.session.signIn(r.member)),
  fc
    .tuple(phone, fc.array(fault, { minLength: 1, maxLength: 3 }))
    .map(([d, f]) => new Happen(`faults(${d} ${f.join(',')})`, async (r) => void r.phones[d].network.fail(...f))),
  fc
    .tuple(phone, fc.boolean())
    .map(
      ([d, up]) =>
        new Happen(`network(${d} ${up ? 'up' : 'down'})`, async (r) =>
          up ? r.phones[d].online() : r.phones[d].offline(),
        ),
    ),
  fc.constantFrom('5s', '40s', '5m').map((t) => new Happen(`wait(${t})`, (r) => r.s.clock.advance(t as '5s'))),
  phone.map((d) => new Happen(`restart(${d})`, async (r) => void (await r.phones[d].restart()))),
];
