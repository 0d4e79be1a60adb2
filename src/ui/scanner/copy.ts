import type { CameraProblem } from './camera';

/** The scanner's words (Ukrainian, each camera problem offers the manual entry). */
export const SCANNER_COPY = {
  starting: 'Вмикаємо камеру…',
  aim: 'Наведи рамку на код на упаковці',
  manual: 'Ввести код вручну',
  retry: 'Спробувати ще раз',
  torchOn: 'Увімкнути ліхтарик',
  torchOff: 'Вимкнути ліхтарик',
  switchCamera: 'Інша камера',
  problems: {
    refused: {
      title: 'Немає доступу до камери',
      text: 'Ти заборонив застосунку користуватися камерою. Дозволь доступ у налаштуваннях браузера або введи код вручну.',
    },
    absent: {
      title: 'Камеру не знайдено',
      text: 'На цьому пристрої немає камери, яку можна використати. Введи код з упаковки вручну.',
    },
    busy: {
      title: 'Камера зайнята',
      text: 'Камерою зараз користується інший застосунок або вкладка. Закрий його й спробуй ще раз — або введи код вручну.',
    },
    insecure: {
      title: 'Камера недоступна',
      text: 'Браузер дає камеру лише захищеним сторінкам (https). Введи код вручну.',
    },
  } satisfies Record<CameraProblem, { title: string; text: string }>,
  decoderFailed: 'Не вдалося запустити розпізнавання кодів. Введи код вручну.',
} as const;
