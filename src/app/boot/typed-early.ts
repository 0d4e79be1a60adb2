/**
 * The prerendered buttons of a screen are disabled until the app has taken the screen over (the
 * build marks them `data-early`; they look as usual, see ui/base.css): a tap on them before
 * would do nothing, and a form's Enter would post the page. Called in the commit that hydrates
 * the screen: they become what the screen rendered them as. Returns how many.
 */
export function enableEarlyButtons(root: ParentNode): number {
  const early = Array.from(root.querySelectorAll<HTMLButtonElement>('button[data-early]'));
  for (const b of early) {
    b.disabled = false;
    b.removeAttribute('data-early');
  }
  return early.length;
}

/**
 * What a visitor typed into a prerendered form before the app took it over: the field shows it,
 * but React, which starts with the field's value from its own state, never heard of it (the
 * sign-in button would stay disabled over a phone number on screen). Called once the screen is
 * hydrated: every field whose value differs from the one it was rendered with is told again,
 * as if typed now, through the element's own setter and an `input` (or `click`) event.
 */
export function replayTypedEarly(root: ParentNode): number {
  const fields = Array.from(root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'));
  // Read every field first: replaying one re-renders the form, which puts the others back to state.
  const early: Array<{ el: HTMLInputElement | HTMLTextAreaElement; checkable: boolean; typed: string | boolean }> = [];
  for (const el of fields) {
    const checkable = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio');
    if (checkable) {
      if (el.checked !== el.defaultChecked) early.push({ el, checkable, typed: el.checked });
    } else if (
      !(el instanceof HTMLInputElement && ['button', 'submit', 'reset', 'hidden', 'file', 'image'].includes(el.type)) &&
      el.value !== el.defaultValue
    ) {
      early.push({ el, checkable, typed: el.value });
    }
  }
  for (const { el, checkable, typed } of early) {
    if (checkable) {
      const box = el as HTMLInputElement;
      // Back to the rendered state through the element (React's tracker follows), then a real toggle.
      box.checked = !typed;
      if (box.checked !== typed) box.click();
      continue;
    }
    const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    // The element's own setter (React's value tracker) takes the rendered value; the prototype's
    // setter puts the typed one back without telling it; the event then reads as a change.
    el.value = el.defaultValue;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, typed as string);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }
  return early.length;
}
