// @vitest-environment jsdom
import { act, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { enableEarlyButtons, replayTypedEarly } from '../../../src/app/boot/typed-early';
import { earlyButtons } from '../../../scripts/build/first-load';

function Form() {
  const [phone, setPhone] = useState('');
  const [agree, setAgree] = useState(false);
  return (
    <form>
      <input aria-label="phone" value={phone} onChange={(e) => setPhone(e.target.value)} />
      <input aria-label="agree" type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
      <output>{`${phone}|${agree}`}</output>
    </form>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('typing into a prerendered form before the app takes it over', () => {
  it('reaches the form’s state once hydrated', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const root = document.createElement('div');
    root.innerHTML = renderToString(<Form />);
    document.body.append(root);
    // The visitor types and ticks before any script has run.
    root.querySelector<HTMLInputElement>('[aria-label="phone"]')!.value = '380500000001';
    root.querySelector<HTMLInputElement>('[aria-label="agree"]')!.checked = true;
    await act(async () => {
      hydrateRoot(root, <Form />);
    });

    expect(root.querySelector('output')!.textContent).toBe('|false');
    const untouched = document.createElement('div');
    untouched.innerHTML = renderToString(<Form />);
    expect(replayTypedEarly(untouched)).toBe(0);
    await act(async () => {
      expect(replayTypedEarly(root)).toBe(2);
    });
    expect(root.querySelector('output')!.textContent).toBe('380500000001|true');
    expect(root.querySelector<HTMLInputElement>('[aria-label="phone"]')!.value).toBe('380500000001');
    expect(root.querySelector<HTMLInputElement>('[aria-label="agree"]')!.checked).toBe(true);
    // Told twice, the state stays what was typed.
    await act(async () => {
      replayTypedEarly(root);
    });
    expect(root.querySelector('output')!.textContent).toBe('380500000001|true');
  });
});

describe('prerendered buttons wait for the app', () => {
  it('are disabled in the HTML, except those the screen disables itself, until the screen is hydrated', () => {
    const html = earlyButtons(
      '<form><button type="button" class="btn">Так</button><button type="submit" disabled="">Зачекай</button></form>',
    );
    expect(html).toBe(
      '<form><button disabled="" data-early="" type="button" class="btn">Так</button><button type="submit" disabled="">Зачекай</button></form>',
    );
    const root = document.createElement('div');
    root.innerHTML = html;
    const [yes, wait] = Array.from(root.querySelectorAll('button'));
    expect(yes!.disabled).toBe(true);
    expect(enableEarlyButtons(root)).toBe(1);
    expect(yes!.disabled).toBe(false);
    expect(yes!.hasAttribute('data-early')).toBe(false);
    expect(wait!.disabled).toBe(true);
  });
});
