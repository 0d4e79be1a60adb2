/**
 * How a typed promo code must look before it is checked or sent (docs/rules.md#validation names the codes REW-…
 * and VELO-20%): Latin letters of either case, digits, «-» and «%», no spaces inside. Codes are
 * matched without regard to case, as the server matches them: «velo-20%» is VELO-20%. Spaces
 * around it (a keyboard's autocomplete) are dropped. `example` is a code of the field's own kind,
 * named in the messages. Returns the Ukrainian reason it is malformed, or null.
 */
export function promoCodeInputProblem(raw: string, example: string): string | null {
  const code = raw.trim();
  if (code.length === 0) return 'Введи промокод';
  if (/\s/.test(code)) return 'Промокод пишеться без пробілів';
  if (/[\u0400-\u04FF]/.test(code)) return `Промокод пишеться латинськими літерами, як-от ${example}`;
  if (!/^[A-Za-z0-9%-]+$/.test(code))
    return `Промокод може містити лише латинські літери, цифри, «-» і «%», як-от ${example}`;
  if (code.length > 50) return 'Промокод задовгий';
  return null;
}

/** The code as it is kept and sent: without the spaces around it, in capitals (codes match in any case). */
export const cleanPromoCode = (raw: string): string => raw.trim().toUpperCase();
