// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { DOUBLE_CLICK_MS, suppressDoubleActivation } from '../../../src/app/double-click';

let stop: (() => void) | null = null;
afterEach(() => {
  stop?.();
  document.body.innerHTML = '';
});

function click(el: Element) {
  el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 }));
}

describe('double-click suppressed app-wide (docs/rules.md#screens)', () => {
  it('ignores a second click on the same button within the window', () => {
    let t = 0;
    stop = suppressDoubleActivation(document, () => t);
    document.body.innerHTML = '<button id="b"><span id="s">Купити</span></button><button id="c">Інша</button>';
    let presses = 0;
    document.getElementById('b')!.addEventListener('click', () => presses++);
    click(document.getElementById('s')!);
    t += 100;
    click(document.getElementById('b')!);
    expect(presses).toBe(1);
    t += DOUBLE_CLICK_MS;
    click(document.getElementById('b')!);
    expect(presses).toBe(2);
  });

  it('lets a click on another control through at once', () => {
    let t = 0;
    stop = suppressDoubleActivation(document, () => t);
    document.body.innerHTML = '<button id="b">1</button><button id="c">2</button>';
    let c = 0;
    document.getElementById('c')!.addEventListener('click', () => c++);
    click(document.getElementById('b')!);
    t += 50;
    click(document.getElementById('c')!);
    expect(c).toBe(1);
  });
});
