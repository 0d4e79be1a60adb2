import { describe, expect, it } from 'vitest';
import { answeredFeedback } from '../../../src/features/scan/scan-answer';

// Online, the server's answer replaces «Код збережено · Надсилаємо…»: one message for a read.

const kept = {
  tone: 'ok' as const,
  title: 'Код збережено',
  text: 'Надсилаємо — XP зарахуються за мить',
  code: '0000dead-beef-4000-8000-00000000c0de',
};

describe('a kept code’s message', () => {
  it('stays while the code waits (offline too), and for what is not a kept code', () => {
    expect(answeredFeedback(kept, undefined)).toBe(kept);
    expect(answeredFeedback(kept, { state: 'waiting', xp: null, product: null, message: null })).toBe(kept);
    const duplicate = { tone: 'info' as const, title: 'Цей код уже є' };
    expect(answeredFeedback(duplicate, { state: 'refused', xp: null, product: null, message: 'x' })).toBe(duplicate);
  });

  it('becomes the server’s answer: credited with its XP and product, or refused with the reason', () => {
    expect(
      answeredFeedback(kept, { state: 'credited', xp: 12, product: 'Стіки neo™ Ruby Boost', message: null }),
    ).toEqual({
      tone: 'ok',
      title: 'Код зараховано',
      text: '+12 XP · Стіки neo™ Ruby Boost',
      code: kept.code,
    });
    const refused = answeredFeedback(kept, {
      state: 'refused',
      xp: null,
      product: null,
      message: 'Такого коду немає. Перевір, чи правильно він зчитався',
    });
    expect(refused).toEqual({
      tone: 'error',
      title: 'Код не зараховано',
      text: 'Такого коду немає. Перевір, чи правильно він зчитався',
      code: kept.code,
    });
    expect(JSON.stringify(refused)).not.toContain('Надсилаємо');
  });
});
