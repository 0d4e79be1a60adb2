import type { AppDeps } from '../context';
import { seedCatalogue } from './shop-catalogue';
import { seedAndriiShop, seedOlenaShop } from './shop-demo';

/**
 * Demo data of the shop: the catalogue of both variants, then, when the auth seed made them,
 * the demo members' orders, XP history, devices and favourites (testPhones[0] Олена, [1] Андрій).
 */
export async function seed(deps: AppDeps): Promise<void> {
  await seedCatalogue(deps);
  const [olenaPhone, andriiPhone] = deps.config.testPhones;
  const find = (phone: string | undefined) =>
    phone
      ? deps.db.selectFrom('members').select(['id', 'phone']).where('phone', '=', phone).executeTakeFirst()
      : Promise.resolve(undefined);
  const olena = await find(olenaPhone);
  // Her devices mark that this already ran (the seed runs once, but tests may call it again).
  const done =
    olena && (await deps.db.selectFrom('devices').select('id').where('member_id', '=', olena.id).executeTakeFirst());
  if (olena && !done) await seedOlenaShop(deps, olena);
  const andrii = await find(andriiPhone);
  if (andrii && !done) await seedAndriiShop(deps, andrii);
}
