import type { AppDeps } from '../context';

const DAY = 86_400_000;

/** [question, options, index of the right option (from 0), XP]. */
type DemoQuestion = readonly [string, readonly string[], number, number];

/** The running marathon's four weekly stages, three questions each (about the club and the app). */
export const DEMO_STAGES: ReadonlyArray<{ title: string; description: string; questions: readonly DemoQuestion[] }> = [
  {
    title: 'Тиждень 1. Клуб',
    description: 'Що вміє клуб і як працюють XP.',
    questions: [
      [
        'За що нараховуються XP?',
        ['Лише за покупки', 'За покупки, сканування кодів, марафони та запрошених друзів', 'За перегляд новин'],
        1,
        10,
      ],
      ['Скільки разів можна зарахувати один код з пачки?', ['Один раз', 'Двічі', 'Скільки завгодно'], 0, 10],
      ['Чи об’єднуються баланси glo та ogo?', ['Так', 'Ні, це окремі облікові записи'], 1, 20],
    ],
  },
  {
    title: 'Тиждень 2. Замовлення',
    description: 'Доставка, оплата і бонусні товари.',
    questions: [
      ['Від якої суми доставка glo безкоштовна?', ['199 грн', '399 грн', '999 грн'], 1, 10],
      ['Чим можна повністю оплатити бонусний товар?', ['XP', 'Лише карткою', 'Лише готівкою'], 0, 20],
      ['Яка доставка працює в Києві у зручний час?', ['Самовивіз', 'iPost', 'Поштомат'], 1, 20],
    ],
  },
  {
    title: 'Тиждень 3. Програми',
    description: 'Підписка, сертифікати і запрошення друзів.',
    questions: [
      ['На скільки тижнів можна поставити підписку на паузу?', ['Від 1 до 8', 'Лише на 1', 'Без обмежень'], 0, 20],
      ['З чого починається код друга?', ['FRIEND-', 'REW-', 'VELO-'], 1, 10],
      ['Хто може бути учасником клубу?', ['Будь-хто', 'Повнолітні споживачі нікотиновмісної продукції'], 1, 20],
    ],
  },
  {
    title: 'Тиждень 4. Фінал',
    description: 'Підсумкові питання марафону.',
    questions: [
      ['Що таке glo-studio?', ['Фірмовий магазин', 'Мобільна гра', 'Служба доставки'], 0, 20],
      ['Що треба взяти на тест-драйв пристрою?', ['Нічого', 'Документ, що посвідчує особу'], 1, 20],
      ['Що буде з діями, зробленими без інтернету?', ['Загубляться', 'Надішлються, щойно з’явиться зв’язок'], 1, 30],
    ],
  },
];

const iso = (t: number) => new Date(t).toISOString();

/**
 * The demo marathon, once: a four-week one for both variants that started 8 days ago (its first
 * stage is over, the second running, two to come), and the summer one that has finished.
 */
export async function seedMarathon(deps: AppDeps): Promise<void> {
  const any = await deps.db.selectFrom('marathons').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const now = deps.clock.now().getTime();
  const start = Math.floor(now / DAY) * DAY - 8 * DAY;
  await deps.db
    .insertInto('marathons')
    .values({
      variant: 'all',
      title: 'Літній марафон',
      description: 'Марафон знань минулого сезону.',
      starts_at: iso(start - 90 * DAY),
      ends_at: iso(start - 62 * DAY),
    })
    .execute();
  const { id: marathonId } = await deps.db
    .insertInto('marathons')
    .values({
      variant: 'all',
      title: 'Осінній марафон знань',
      description: 'Чотири тижні, дванадцять питань про клуб. Правильна відповідь приносить XP один раз.',
      starts_at: iso(start),
      ends_at: iso(start + DEMO_STAGES.length * 7 * DAY),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, stage] of DEMO_STAGES.entries()) {
    const { id: stageId } = await deps.db
      .insertInto('marathon_stages')
      .values({
        marathon_id: marathonId,
        number: i + 1,
        title: stage.title,
        description: stage.description,
        starts_at: iso(start + i * 7 * DAY),
        ends_at: iso(start + (i + 1) * 7 * DAY),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await deps.db
      .insertInto('marathon_questions')
      .values(
        stage.questions.map(([text, options, right, xp], sort) => ({
          marathon_id: marathonId,
          stage_id: stageId,
          sort,
          text,
          options: JSON.stringify(options.map((o, k) => ({ id: k + 1, text: o }))),
          correct_option: right + 1,
          xp,
        })),
      )
      .execute();
  }
}
