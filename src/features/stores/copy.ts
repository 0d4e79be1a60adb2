import type { BrandStore } from '../../contract/stores';

/** The words of /glo-studio, in one place. */
export const STORES_COPY = {
  lead: 'Фірмові магазини glo-studio: купити пристрої та стіки, отримати консультацію, пройти тест-драйв і забрати замовлення.',
  all: 'Усі міста',
  locate: 'Показати відстань до магазинів',
  locating: 'Визначаємо, де ти…',
  locationDenied:
    'Доступ до геолокації не надано — відстань не показуємо. Його можна дозволити в налаштуваннях браузера.',
  locationFailed: 'Не вдалося визначити, де ти. Спробуй ще раз на відкритому просторі.',
  locationUnsupported: 'Цей пристрій не вміє визначати розташування.',
  nearestFirst: 'Найближчі — вгорі',
  fromYou: (d: string) => `${d} від тебе`,
  map: 'На мапі',
  call: 'Подзвонити',
  serviceFilter: (s: string) => `Лише: ${s}`,
  clearFilter: 'Показати всі',
  loading: 'Завантажуємо магазини…',
  offlineTitle: 'Список магазинів ще не збережений на цьому пристрої',
  offlineText:
    'Відкрий сторінку, коли з’явиться зв’язок, — і надалі адреси й години роботи будуть під рукою й без інтернету.',
  failedTitle: 'Не вдалося завантажити магазини',
  failedText: 'Сервер зараз не відповідає. Спробуй ще раз за хвилину.',
  retry: 'Спробувати ще раз',
  emptyTitle: 'Фірмових магазинів поки немає',
  emptyText: 'Ми відкриваємо нові glo-studio — зазирни сюди згодом.',
  noneInFilter: 'У цьому місті немає магазинів з такою послугою.',
} as const;

/** Services of a store as the screen names them. */
export const SERVICE_LABELS: Record<BrandStore['services'][number], string> = {
  sale: 'Продаж',
  'device-service': 'Сервіс пристроїв',
  'trade-in': 'Trade-in',
  consultation: 'Консультація',
  pickup: 'Самовивіз замовлень',
  'test-drive': 'Тест-драйв',
};
