import type * as z from 'zod/mini';

/**
 * A request schema's complaint in Ukrainian (400 messages mixed Ukrainian with zod's
 * English, «Invalid input: expected number, received string»). A message the contract wrote
 * itself (Cyrillic, e.g. 'Дата: РРРР-ММ-ДД') is kept; zod's own are replaced by issue code.
 */
const TYPE_NAMES: Record<string, string> = {
  string: 'рядок',
  number: 'число',
  int: 'ціле число',
  boolean: 'true або false',
  bigint: 'число',
  array: 'список',
  object: 'об’єкт',
  record: 'об’єкт',
  tuple: 'список',
  null: 'null',
  undefined: 'нічого',
  date: 'дата',
  file: 'файл',
  nan: 'NaN',
};

const typeName = (t: string) => TYPE_NAMES[t] ?? t;

/** What was sent at an issue's path, named as the type names above. */
function receivedOf(raw: unknown, path: readonly PropertyKey[]): string {
  let v: unknown = raw;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return 'нічого';
    v = (v as Record<PropertyKey, unknown>)[k];
  }
  if (v === undefined) return 'нічого';
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'список';
  if (typeof v === 'number' && Number.isNaN(v)) return 'NaN';
  return typeName(typeof v);
}

const SIZE_UNITS: Record<string, [string, string]> = {
  string: ['символів', 'символ'],
  array: ['елементів', 'елемент'],
  set: ['елементів', 'елемент'],
  file: ['байтів', 'байт'],
};

function sizeText(
  kind: 'big' | 'small',
  issue: { origin: string; inclusive?: boolean; exact?: boolean },
  bound: number | bigint,
): string {
  const unit = SIZE_UNITS[issue.origin];
  if (unit) {
    if (issue.exact) return `має бути рівно ${bound} ${unit[0]}`;
    if (kind === 'big') return `не більше ${issue.inclusive === false ? Number(bound) - 1 : bound} ${unit[0]}`;
    if (issue.origin === 'string' && Number(bound) === 1 && issue.inclusive !== false) return 'не може бути порожнім';
    return `щонайменше ${issue.inclusive === false ? Number(bound) + 1 : bound} ${unit[0]}`;
  }
  if (kind === 'big') return issue.inclusive === false ? `має бути менше ${bound}` : `не більше ${bound}`;
  return issue.inclusive === false ? `має бути більше ${bound}` : `не менше ${bound}`;
}

const FORMATS: Record<string, string> = {
  email: 'некоректна електронна пошта',
  url: 'некоректне посилання',
  uuid: 'некоректний ідентифікатор',
  guid: 'некоректний ідентифікатор',
  datetime: 'некоректні дата й час',
  date: 'некоректна дата',
  time: 'некоректний час',
  regex: 'неправильний формат',
};

export function issueText(issue: z.core.$ZodIssue, raw: unknown): string {
  if (/[А-ЯІЇЄҐа-яіїєґ]/u.test(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type': {
      const got = receivedOf(raw, issue.path);
      return got === 'нічого'
        ? `обов’язкове поле (очікується ${typeName(issue.expected)})`
        : `очікується ${typeName(issue.expected)}, отримано ${got}`;
    }
    case 'too_big':
      return sizeText('big', issue, issue.maximum);
    case 'too_small':
      return sizeText('small', issue, issue.minimum);
    case 'invalid_format':
      return FORMATS[issue.format] ?? 'неправильний формат';
    case 'not_multiple_of':
      return `має бути кратним ${issue.divisor}`;
    case 'unrecognized_keys':
      return `невідомі поля: ${issue.keys.join(', ')}`;
    case 'invalid_value':
      return issue.values.length === 1
        ? `очікується ${JSON.stringify(issue.values[0])}`
        : `очікується одне з: ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_union':
      return 'значення не підходить за жодним із допустимих форматів';
    case 'invalid_key':
      return 'некоректний ключ';
    case 'invalid_element':
      return 'некоректний елемент';
    default:
      return 'некоректне значення';
  }
}
