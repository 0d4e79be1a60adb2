// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { db as appDb } from '../../../../src/db/db';
import { kvSet } from '../../../../src/db/kv';
import RulesPage from '../../../../src/features/content-pages/rules-page';

afterEach(cleanup);

describe('/rules for a member whose age is not verified (docs/rules.md#validation, docs/rules.md#roles)', () => {
  it('shows the way to the age check instead of the rules', async () => {
    await kvSet(appDb, 'ageVerified', false);
    render(
      <MemoryRouter initialEntries={['/rules']}>
        <RulesPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('Правила відкриються після підтвердження віку')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Підтвердити вік' }).getAttribute('href')).toBe('/verification');
  });
});
