import type { Phone } from '../phone';
import type { Scenario } from '../scenario';
import type { Told } from '../told';

/**
 * Every action of the kit once, online, on two phones (a member who signs in from the chat bot,
 * a newly registered one): between them they queue every outbox kind. Answers each action's `Told`.
 */
export async function everyAction(s: Scenario): Promise<{ phones: Phone[]; told: Record<string, Told> }> {
  const olena = await s.member({ xp: 2000 });
  const a = await s.phone(olena, { fromChatBot: true });
  const b = await s.phone();
  const told: Record<string, Told> = {};
  told.register = await b.session.register();
  const [stick] = await a.screens.products('glo', 'sticks');
  const [code] = await s.codes(1);
  const [inPhoto] = await s.codes(1);
  const [serial] = await s.serials(1);
  told.favourite = await a.shop.favourite(stick!);
  told.cart = await a.shop.addToCart(stick!, 2);
  told.visit = await a.support.visit('/shop/sticks');
  told.callBack = await a.support.callBack();
  told.news = await a.support.newsConsent(true);
  told.address = await a.profile.saveAddress();
  told.scan = await a.scan.code(code!);
  told.badge = await a.scan.badge('KV-0417');
  told.photo = await a.scan.photo([inPhoto!]);
  told.device = await a.scan.device(serial!);
  told.cardOrder = await a.checkout.order({ payment: 'card', call: { day: 'Завтра', from: '10:00', to: '12:00' } });
  const { orderId } = told.cardOrder.value as { orderId: number };
  told.payByCard = await a.checkout.payByCard(orderId);
  await s.deliver(orderId);
  told.feedback = await a.club.feedback({ orderId, photos: 1 });
  told.storeFeedback = await a.club.storeFeedback({ purchaseId: await s.storePurchase(olena) });
  told.certificate = await a.club.buyCertificate(await s.certificate());
  told.quiz = await a.club.answerQuiz();
  told.subscribe = await a.club.subscribe();
  told.pause = await a.club.pause(2);
  told.resume = await a.club.resume();
  told.cancel = await a.club.cancel('Переїжджаю');
  await a.session.switchTo('ogo');
  const velo = (await a.screens.products('ogo')).find(
    (p) => p.tags.includes('velo') && p.tags.includes('ipost_allow') && !p.bonuses,
  )!;
  await a.shop.addToCart(velo, 2);
  told.veloOrder = await a.checkout.order({ delivery: 'ipost', veloCode: 'VELO-20%' });
  return { phones: [a, b], told };
}
