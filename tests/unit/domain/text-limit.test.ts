import { describe, expect, it } from 'vitest';
import { lengthProblem } from '../../../src/domain/format/text-limit';

describe('a text longer than its field is refused with the reason, never cut', () => {
  it('fits at the limit; says both lengths past it, in characters or digits', () => {
    expect(lengthProblem('к'.repeat(60), 60, 'Ім’я')).toBeNull();
    expect(lengthProblem('', 6, 'Код з SMS', 'digits')).toBeNull();
    expect(lengthProblem('к'.repeat(61), 60, 'Ім’я')).toBe('Ім’я: не більше 60 символів, а введено 61');
    expect(lengthProblem('1'.repeat(7), 6, 'Код з SMS', 'digits')).toBe('Код з SMS: не більше 6 цифр, а введено 7');
    expect(lengthProblem('1'.repeat(300), 4, 'PIN', 'digits')).toBe('PIN: не більше 4 цифр, а введено 300');
    expect(lengthProblem('x'.repeat(502), 501, 'Коментар')).toBe('Коментар: не більше 501 символу, а введено 502');
    expect(lengthProblem('x'.repeat(600), 511, 'Коментар')).toBe('Коментар: не більше 511 символів, а введено 600');
  });
});
