import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, createToastStore, toastProgress } from '../../../src/ui/toast-store';

describe('toast progress (docs/rules.md#validation: clamped 0..1)', () => {
  it('clamps', () => {
    expect(toastProgress(-50, 5000)).toBe(0);
    expect(toastProgress(2500, 5000)).toBe(0.5);
    expect(toastProgress(9000, 5000)).toBe(1);
    expect(toastProgress(Number.NaN, 5000)).toBe(0);
    expect(toastProgress(10, 0)).toBe(1);
  });
});

describe('toast store (docs/rules.md#constants: auto-close after 5000 ms)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('closes a toast after 5000 ms', () => {
    const store = createToastStore();
    store.show('Збережено');
    expect(TOAST_DURATION_MS).toBe(5000);
    vi.advanceTimersByTime(4999);
    expect(store.list()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.list()).toHaveLength(0);
  });

  it('keeps a sticky toast until dismissed and tells listeners', () => {
    const store = createToastStore();
    const seen: number[] = [];
    store.subscribe((l) => seen.push(l.length));
    const id = store.show('Доступна нова версія', { durationMs: null });
    vi.advanceTimersByTime(60_000);
    expect(store.list()).toHaveLength(1);
    store.dismiss(id);
    expect(store.list()).toHaveLength(0);
    expect(seen).toEqual([1, 0]);
  });

  it('shows two at most (a sticky one stays longest) and a toast about the same subject replaces the last', () => {
    const store = createToastStore();
    store.show('Доступна нова версія', { durationMs: null });
    store.show('Додано в кошик: A', { subject: 'cart-add:A' });
    store.show('Додано в кошик: B', { subject: 'cart-add:B' });
    expect(store.list().map((t) => t.text)).toEqual(['Доступна нова версія', 'Додано в кошик: B']);
    store.show('Не збережено — Додавання в кошик: B. Немає в наявності', { kind: 'error', subject: 'cart-add:B' });
    expect(store.list().map((t) => t.text)).toEqual([
      'Доступна нова версія',
      'Не збережено — Додавання в кошик: B. Немає в наявності',
    ]);
  });

  it('a toast about one screen goes when the member leaves it; the others stay', () => {
    const store = createToastStore();
    store.show('Доступна нова версія', { durationMs: null });
    store.show('Не збережено — Скан коду …c0de. Такого коду немає', {
      kind: 'error',
      durationMs: 10_000,
      screen: '/profile',
    });
    store.leaveScreen('/profile');
    expect(store.list()).toHaveLength(2);
    store.leaveScreen('/history-bonuses');
    expect(store.list().map((t) => t.text)).toEqual(['Доступна нова версія']);
  });
});
