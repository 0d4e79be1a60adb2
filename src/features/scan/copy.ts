import { GUID_ERRORS } from '../../domain/scan/guid';
import { scanGoalReached } from '../../domain/scan/goal';
import { pluralUk } from '../../domain/format/plural';
import { formatNumber } from '../../domain/format/uk-format';

/** Ukrainian words of the scan screens (/scanning, /scanbox, /scan/multi, /scan/history, /scan/instruction). */
export const SCAN_COPY = {
  /** docs/rules.md#error-reactions GUID messages, each under a Ukrainian title (the API answers them in English, verbatim). */
  guid: {
    [GUID_ERRORS.invalid]: 'Це не код клубу',
    [GUID_ERRORS.required]: 'Введи код',
    [GUID_ERRORS.unsupported]: 'Непідтримуваний тип коду',
  } as Record<string, string>,
  otherFormat: 'Це штрихкод товару, а не код клубу. Код клубу — квадратний QR або DataMatrix на пачці.',
  saved: 'Код збережено',
  savedOnline: 'Надсилаємо — XP зарахуються за мить',
  savedOffline: 'Немає зв’язку: код чекає й зарахується, щойно з’явиться інтернет',
  /** The server's answer, in place of «Код збережено» once it comes. */
  answer: { credited: 'Код зараховано', refused: 'Код не зараховано' },
  duplicate: 'Цей код уже є',
  managerSaved: 'Консультанта збережено',
  managerKnown: 'Консультант уже є',
  signedOut: 'Увійди, щоб сканувати коди',
  writeFailed: 'Не вдалося зберегти код на телефоні',
  manual: {
    title: 'Ввести код вручну',
    label: 'Код з упаковки',
    placeholder: 'xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx',
    hint: '32 латинські літери й цифри, розділені дефісами: 8-4-4-4-12',
    submit: 'Зберегти код',
    close: 'Сховати',
  },
  month: {
    title: 'Цього місяця',
    progress: 'Поступ до цілі місяця',
    /** The count against the goal: «3 з 10 · сканів до цілі»; from the goal on, «11 · сканів — ціль місяця досягнуто». */
    count: (count: number, goal: number) =>
      scanGoalReached(count, goal)
        ? {
            figure: formatNumber(count),
            words: `${pluralUk(count, ['скан', 'скани', 'сканів'])} — ціль місяця досягнуто`,
          }
        : { figure: `${formatNumber(count)} з ${formatNumber(goal)}`, words: 'сканів до цілі' },
    coin: (xp: number) => `+${formatNumber(xp)} XP за сканування цього місяця`,
    countError: 'Не вдалося отримати кількість сканів за місяць',
    /** The variant's own balance (docs/rules.md#product: glo and ogo are separate accounts). */
    balance: (variant: 'glo' | 'ogo') => `Баланс ${variant}`,
    offline: 'Дані за місяць оновляться, щойно з’явиться зв’язок',
    manager: 'Консультант збережений',
  },
  recent: {
    title: 'Відскановані на цьому телефоні',
    empty: 'Відскановані коди з’являться тут',
    emptyText: 'Наведи камеру на код — він збережеться навіть без інтернету.',
    all: 'Уся історія',
    waiting: (n: string) => n,
  },
  links: {
    multi: 'Кілька кодів одним фото',
    multiText: 'Сфотографуй пачки разом',
    history: 'Історія сканувань',
    historyText: 'Усі коди та нараховані XP',
    instruction: 'Як сканувати',
    instructionText: 'Де шукати код і що він дає',
    scanbox: 'Сканер на весь екран',
    scanboxText: 'Для кількох пачок поспіль',
  },
  scanbox: {
    caption: 'Наведи рамку на код — сканер готовий до наступної пачки одразу після сигналу',
    last: 'Останній код',
    back: 'До сканування',
  },
  states: {
    credited: (xp: number | null) => (xp ? `+${xp} XP` : 'Зараховано'),
    /** Short chip labels (the full ones, src/domain/scan/state.ts, are the chip's title). */
    chip: { waiting: 'Очікує', sent: 'Надсилається', refused: 'Відхилено' } as Record<string, string>,
  },
  via: { camera: 'Камера', manual: 'Вручну', photo: 'Фото кількох кодів' } as Record<string, string>,
} as const;

/** The Ukrainian title for a GUID message (docs/rules.md#error-reactions). */
export function guidTitle(error: string): string {
  return SCAN_COPY.guid[error] ?? SCAN_COPY.guid[GUID_ERRORS.invalid]!;
}
