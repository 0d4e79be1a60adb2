/**
 * How a typed promo code must look before it is checked or sent (spec §5 names the codes REW-…
 * and VELO-20%): Latin capitals, digits, «-» and «%», no spaces inside. Spaces around it (a
 * keyboard's autocomplete) are dropped. Returns the Ukrainian reason it is malformed, or null.
 */
export function promoCodeInputProblem(raw: string): string | null {
  const code = raw.trim();
  if (code.length === 0) return 'Введи промокод';
  if (/\s/.test(code)) return 'Промокод пишеться без пробілів';
  if (/[\u0400-\u04FF]/.test(code)) return 'Промокод пишеться латинськими літерами';
  if (/[a-z]/.test(code)) return 'Промокод пишеться великими літерами, як-от REW-ABC123';
  if (!/^[A-Z0-9%-]+$/.test(code)) return 'Промокод може містити лише латинські літери, цифри, «-» і «%»';
  if (code.length > 50) return 'Промокод задовгий';
  return null;
}

/** The code as it is kept and sent: without the spaces around it. */
export const cleanPromoCode = (raw: string): string => raw.trim();
