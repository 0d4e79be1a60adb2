// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PageBoundary } from '../../../src/app/page-boundary';

const flag = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')!;
const setOnline = (on: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => on });

function MissingChunk(): never {
  throw new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/my-devices-page-x.js');
}

beforeEach(() => {
  sessionStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  Object.defineProperty(navigator, 'onLine', flag);
  delete (navigator as { onLine?: boolean }).onLine;
});

describe('a page whose code cannot load', () => {
  it('offline: says it is not on the device yet, does not reload, and loads again once the connection is back', () => {
    setOnline(false);
    const reload = vi.fn();
    render(
      <PageBoundary path="/my-devices" reload={reload}>
        <MissingChunk />
      </PageBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Вона відкриється, щойно з’явиться інтернет');
    expect(reload).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('offline'));
    expect(reload).not.toHaveBeenCalled();
    setOnline(true);
    window.dispatchEvent(new Event('online'));
    expect(reload).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new Event('online'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('online: reloads at once for a new build, and a second failure on the same path shows the message instead', () => {
    setOnline(true);
    const reload = vi.fn();
    const page = (
      <PageBoundary path="/my-devices" reload={reload}>
        <MissingChunk />
      </PageBoundary>
    );
    render(page);
    expect(reload).toHaveBeenCalledTimes(1);
    cleanup();
    render(page);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toContain('Не вдалося завантажити сторінку');
  });

  it('offline, left for another screen: the connection coming back reloads nothing', () => {
    setOnline(false);
    const reload = vi.fn();
    const { unmount } = render(
      <PageBoundary path="/my-devices" reload={reload}>
        <MissingChunk />
      </PageBoundary>,
    );
    unmount();
    window.dispatchEvent(new Event('online'));
    expect(reload).not.toHaveBeenCalled();
  });
});
