/** Ukrainian to Latin, after the official national transliteration (Cabinet of Ministers resolution 55, 2010). */
const LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'h',
  ґ: 'g',
  д: 'd',
  е: 'e',
  є: 'ie',
  ж: 'zh',
  з: 'z',
  и: 'y',
  і: 'i',
  ї: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ь: '',
  ю: 'iu',
  я: 'ia',
  "'": '',
};
/** At the start of a word these letters are written differently (Єнакієве -> Yenakiieve). */
const WORD_START: Record<string, string> = { є: 'ye', ї: 'yi', й: 'y', ю: 'yu', я: 'ya' };

const APOSTROPHES = /[’ʼ`´‘]/g;

/**
 * Lower case, one kind of apostrophe, single spaces, without a leading "м." or "місто":
 * the form both stored names and typed queries are compared in.
 */
export function normalizeCityText(text: string): string {
  return text
    .toLowerCase()
    .replace(APOSTROPHES, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(м\.|місто|смт\.?|с\.)\s*/u, '');
}

/** Latin spelling of a Ukrainian name, lower case: 'Запоріжжя' -> 'zaporizhzhia', 'Львів' -> 'lviv'. */
export function transliterate(text: string): string {
  const src = normalizeCityText(text);
  let out = '';
  for (let i = 0; i < src.length; i += 1) {
    const ch = src[i] ?? '';
    const prev = i > 0 ? (src[i - 1] ?? '') : '';
    const atWordStart = i === 0 || !/[\p{L}']/u.test(prev);
    // "зг" is written "zgh" so that it does not read as "ж".
    if (ch === 'г' && prev === 'з') {
      out += 'gh';
      continue;
    }
    if (atWordStart && WORD_START[ch]) out += WORD_START[ch];
    else out += LATIN[ch] ?? ch;
  }
  return out;
}

/** A normalized query as a LIKE prefix pattern; LIKE's wildcards never occur in a city name, so they are dropped. */
export function likePrefix(normalizedQuery: string): string {
  return `${normalizedQuery.replace(/[\\%_]/g, '')}%`;
}

/**
 * Whether a city still answers what is typed now, the way the carrier's search matches (a prefix
 * of its Ukrainian or Latin name): suggestions of an earlier query are kept only while they do.
 */
export function cityFitsQuery(name: string, query: string): boolean {
  const q = normalizeCityText(query);
  return normalizeCityText(name).startsWith(q) || transliterate(name).startsWith(q);
}
