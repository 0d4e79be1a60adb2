// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { db as appDb } from '../../../../src/db/db';
import { CONTENT_PAGES } from '../../../../src/domain/content/pages';
import { USER_AGREEMENT_BLOCKS } from '../../../../src/domain/content/public-pages';
import UserAgreementPage from '../../../../src/features/content-pages/user-agreement-page';

afterEach(async () => {
  cleanup();
  await appDb.contentPages.clear();
});

const page = () => (
  <MemoryRouter initialEntries={['/user-agreement']}>
    <UserAgreementPage />
  </MemoryRouter>
);

describe('/user-agreement (docs/rules.md#screens: readable without signing in)', () => {
  it('renders the shipped text with no database (the prerendered first paint)', () => {
    const html = renderToString(page());
    const firstHeading = USER_AGREEMENT_BLOCKS.find((b) => 'h' in b) as { h: string };
    expect(html).toContain(firstHeading.h);
    expect(html).toContain('data-testid="content-shipped"');
  });

  it('shows the server’s copy once it is stored, and keeps the shipped text until then', async () => {
    render(page());
    expect(await screen.findByTestId('content-shipped')).toBeTruthy();
    await appDb.contentPages.put({
      variant: 'glo',
      id: String(CONTENT_PAGES.userAgreement),
      bodyHtml: '<h3>Оновлена угода</h3><p>Нова редакція від сервера.</p>',
      fetchedAt: Date.now(),
    });
    expect(await screen.findByText('Нова редакція від сервера.')).toBeTruthy();
    expect(screen.queryByTestId('content-shipped')).toBeNull();
  });
});
