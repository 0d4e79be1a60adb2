import type { AppDeps } from '../context';
import type { SubscriptionPlansTable } from '../db/tables/engagement';
import { seedNews } from './content-news';
import { seedContentPages } from './content-pages';
import { seedVocabulary } from './content-vocabulary';
import { seedMarathon } from './engagement-marathon';
import { seedStores } from './engagement-stores';

/** Subscription plans of both variants (prices in kopiykas); the retired one is kept but not offered. */
export const DEMO_PLANS: ReadonlyArray<Omit<SubscriptionPlansTable, 'id'>> = [
  {
    variant: 'glo',
    title: 'Стартовий',
    description: '5 пачок стіків кожні 2 тижні',
    price: 47_500,
    packs: 5,
    interval_days: 14,
    xp_bonus: 25,
    active: 1,
    sort: 1,
  },
  {
    variant: 'glo',
    title: 'Щомісячний блок',
    description: '10 пачок стіків щомісяця',
    price: 92_000,
    packs: 10,
    interval_days: 30,
    xp_bonus: 60,
    active: 1,
    sort: 2,
  },
  {
    variant: 'glo',
    title: 'Щотижневий',
    description: '3 пачки стіків щотижня',
    price: 28_500,
    packs: 3,
    interval_days: 7,
    xp_bonus: 15,
    active: 1,
    sort: 3,
  },
  {
    variant: 'glo',
    title: 'Літній пробний',
    description: 'Пробний план минулого сезону',
    price: 19_000,
    packs: 2,
    interval_days: 14,
    xp_bonus: 10,
    active: 0,
    sort: 4,
  },
  {
    variant: 'ogo',
    title: 'ogo Базовий',
    description: '4 пачки стіків ogo кожні 2 тижні',
    price: 30_000,
    packs: 4,
    interval_days: 14,
    xp_bonus: 20,
    active: 1,
    sort: 1,
  },
  {
    variant: 'ogo',
    title: 'ogo Блок',
    description: '10 пачок стіків ogo щомісяця',
    price: 72_000,
    packs: 10,
    interval_days: 30,
    xp_bonus: 50,
    active: 1,
    sort: 2,
  },
];

async function seedPlans(deps: AppDeps): Promise<void> {
  const any = await deps.db.selectFrom('subscription_plans').select('id').limit(1).executeTakeFirst();
  if (any) return;
  await deps.db
    .insertInto('subscription_plans')
    .values([...DEMO_PLANS])
    .execute();
}

/**
 * Demo data of this group; runs once on an empty database, after the groups before it. Each part
 * is skipped when its table already holds rows, so tests may run it on a database of their own.
 */
export async function seed(deps: AppDeps): Promise<void> {
  await seedContentPages(deps);
  await seedNews(deps);
  await seedVocabulary(deps);
  await seedPlans(deps);
  await seedMarathon(deps);
  await seedStores(deps);
}
