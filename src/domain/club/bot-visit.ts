/**
 * A visit from the club's chat bot (docs/api.md#auth send-bot-stat): the bot's links carry
 * `utm_source=chatbot` (or `telegram_bot`, `viber_bot`), or `from=bot`.
 */
export const BOT_SOURCES: readonly string[] = ['chatbot', 'bot', 'telegram_bot', 'viber_bot'];

export function isBotVisit(search: string): boolean {
  const q = new URLSearchParams(search);
  const source = (q.get('utm_source') ?? '').trim().toLowerCase();
  return BOT_SOURCES.includes(source) || (q.get('from') ?? '').trim().toLowerCase() === 'bot';
}

/** The localStorage key where such a visit waits for the next sign-in (cleared by logout with the rest). */
export const BOT_VISIT_KEY = 'botVisit';
