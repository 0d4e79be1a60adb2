/** A second activation of the same control within this window is a double click. */
export const DOUBLE_CLICK_MS = 400;

/**
 * docs/rules.md#screens: double-click is suppressed app-wide — a quick second click on the same button or
 * link does nothing (no double order, no double add to cart), and `dblclick` selects nothing.
 * Returns the function that removes the listeners.
 */
export function suppressDoubleActivation(doc: Document, now: () => number = () => performance.now()): () => void {
  let lastTarget: Element | null = null;
  let lastAt = -Infinity;
  const onClick = (e: MouseEvent) => {
    const target = (e.target as Element | null)?.closest('button, a, [role="button"], input[type="submit"]') ?? null;
    if (!target) return;
    const t = now();
    if (target === lastTarget && t - lastAt < DOUBLE_CLICK_MS && e.detail !== 0) {
      e.preventDefault();
      e.stopImmediatePropagation();
      return;
    }
    lastTarget = target;
    lastAt = t;
  };
  const onDbl = (e: MouseEvent) => e.preventDefault();
  doc.addEventListener('click', onClick, true);
  doc.addEventListener('dblclick', onDbl, true);
  return () => {
    doc.removeEventListener('click', onClick, true);
    doc.removeEventListener('dblclick', onDbl, true);
  };
}
