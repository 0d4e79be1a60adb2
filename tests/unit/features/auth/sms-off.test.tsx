// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SyncProvider } from '../../../../src/state/sync-context';
import { ClubDb } from '../../../../src/db/database';
import AuthPage from '../../../../src/features/auth/auth-page';
import RegistrationPage from '../../../../src/features/auth/registration-page';
import { scriptedFetch } from '../../sync/support/fake-fetch';
import { api, uniqueDbName } from '../../sync/support/harness';
import { testRuntime } from '../../sync/support/test-runtime';

// A production server with no SMS gateway: nobody can sign in or register, and the two screens say
// exactly that, in the server's words (server/providers/index.ts OFF_MESSAGES.sms), not «спробуй пізніше».

afterEach(cleanup);

const SMS_OFF = { code: 'sms_unavailable', message: 'Вхід і реєстрація зараз недоступні: клуб не надсилає SMS-коди' };
const refused = () => ({ status: 503, body: { error: SMS_OFF }, headers: { 'retry-after': '3600' } });

function renderAt(path: '/auth' | '/registration') {
  const db = new ClubDb(uniqueDbName('sms-off'));
  const net = scriptedFetch(
    api({
      '/api/api-auth/login-sms': refused,
      '/api/api-auth/registration': refused,
      '/api/api-auth/check-email': () => ({ status: 200, body: { valid: true, free: true } }),
    }),
  );
  const rt = testRuntime(db, net.fetch, true);
  render(
    <SyncProvider runtime={rt}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/auth" element={<AuthPage />} />
          <Route path="/registration" element={<RegistrationPage />} />
        </Routes>
      </MemoryRouter>
    </SyncProvider>,
  );
  return rt;
}

const type = async (testId: string, value: string) =>
  act(async () => {
    fireEvent.change(screen.getByTestId(testId), { target: { value } });
  });

describe('sign-in and registration with SMS off on the server', () => {
  it('/auth says sign-in is unavailable', async () => {
    const rt = renderAt('/auth');
    await type('auth-phone', '067 123 45 67');
    await act(async () => {
      fireEvent.click(screen.getByTestId('auth-submit'));
    });
    const said = (await screen.findByRole('alert')).textContent ?? '';
    expect(said).toBe(SMS_OFF.message);
    expect(said).not.toMatch(/пізніше/i);
    rt.stop();
  });

  it('/registration says registration is unavailable', async () => {
    const rt = renderAt('/registration');
    await type('reg-first-name', 'Ірина');
    await type('reg-last-name', 'Коваль');
    await type('reg-email', 'iryna@example.com');
    await type('reg-phone', '067 123 45 67');
    await act(async () => {
      fireEvent.click(screen.getByTestId('reg-adult'));
    });
    await act(async () => {
      fireEvent.click(screen.getByTestId('reg-submit'));
    });
    const said = (await screen.findByRole('alert')).textContent ?? '';
    expect(said).toBe(SMS_OFF.message);
    rt.stop();
  });
});
