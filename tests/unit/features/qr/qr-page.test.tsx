// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import QrPage from '../../../../src/features/qr/qr-page';

afterEach(cleanup);

describe('/qr for a visitor who is not signed in', () => {
  it('asks to sign in instead of showing a code', async () => {
    render(
      <MemoryRouter initialEntries={['/qr']}>
        <QrPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Увійди, щоб показати свій код')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Увійти' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryByTestId('qr-code')).toBeNull();
  });
});
