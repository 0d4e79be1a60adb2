// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnmatchedRoute } from '../../../src/app/not-found';

afterEach(cleanup);

describe('404 page (docs/rules.md#screens, docs/rules.md#error-reactions)', () => {
  it('shows the title, heading, text and the home button, and logs the path', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '*', element: <UnmatchedRoute path="/nope" /> }], {
      initialEntries: ['/nope'],
    });
    render(<RouterProvider router={router} />);
    expect(document.title).toBe('Сторінку не знайдено');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('404');
    expect(screen.getByText(/з посиланням щось не так/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'На головну' }).getAttribute('href')).toBe('/');
    expect(warn).toHaveBeenCalledWith('Page not found: /nope');
    warn.mockRestore();
  });
});
