// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import { SyncProvider } from '../../../../src/state/sync-context';
import { ClubDb } from '../../../../src/db/database';
import AuthPage from '../../../../src/features/auth/auth-page';
import { LOGOUT_NOTICE_KEY } from '../../../../src/sync/auth/actions';
import { OFFLINE_ONLY_MESSAGE } from '../../../../src/sync/engine/online-only';
import { readSession } from '../../../../src/sync/auth/session';
import { scriptedFetch, type Reply, type SeenRequest } from '../../sync/support/fake-fetch';
import { api, uniqueDbName } from '../../sync/support/harness';
import { testRuntime } from '../../sync/support/test-runtime';
import { signedIn } from '../../sync/support/auth-env';

afterEach(() => {
  cleanup();
  document.cookie = 'usertoken=; Max-Age=0; path=/';
});

type Handler = (req: SeenRequest, body: Record<string, unknown>) => Reply;

function renderAuth(handlers: Record<string, Handler>, online = true) {
  const db = new ClubDb(uniqueDbName('auth-page'));
  const net = scriptedFetch(api(handlers));
  const rt = testRuntime(db, net.fetch, online);
  render(
    <SyncProvider runtime={rt}>
      <MemoryRouter initialEntries={['/auth']}>
        <Routes>
          <Route path="/auth" element={<AuthPage />} />
          <Route path="/" element={<p>Головна сторінка</p>} />
          <Route path="/registration" element={<p>Реєстрація</p>} />
        </Routes>
      </MemoryRouter>
    </SyncProvider>,
  );
  return { db, seen: net.seen, rt };
}

const submitPhone = async (phone: string) => {
  await act(async () => {
    fireEvent.change(screen.getByTestId('auth-phone'), { target: { value: phone } });
  });
  await act(async () => {
    fireEvent.click(screen.getByTestId('auth-submit'));
  });
};

describe('/auth screen (the agreed test ids)', () => {
  it('an allow-listed test phone signs in at once and lands on /', async () => {
    const { db, rt } = renderAuth({ '/api/api-auth/test-login': () => ({ status: 200, body: signedIn() }) });
    await submitPhone('380500000001');
    expect(await screen.findByText('Головна сторінка')).toBeDefined();
    expect(document.cookie).toContain('usertoken=tok-1');
    expect((await readSession(db))?.token).toBe('tok-1');
    rt.stop();
  });

  it('another phone gets the code step; a wrong code shows the server’s reason and signs nobody in', async () => {
    const { db, rt } = renderAuth({
      '/api/api-auth/login-sms': () => ({ status: 200, body: { sent: true, resendIn: 60, registered: true } }),
      '/api/api-auth/confirm-sms': () => ({
        status: 401,
        body: { error: { code: 'invalid_code', message: 'Спробуй ще раз' } },
      }),
    });
    await submitPhone('067 123 45 67');
    const code = await screen.findByTestId('auth-code');
    expect(screen.getByText(/Ми надіслали 6-значний код/)).toBeDefined();
    // The resend button itself counts the server's minute down, in seconds.
    expect(screen.getByTestId('resend-countdown').textContent).toMatch(/· (60|59) с$/);
    expect((screen.getByTestId('auth-resend') as HTMLButtonElement).disabled).toBe(true);
    for (let i = 0; i < 3; i += 1) {
      await act(async () => {
        fireEvent.change(code, { target: { value: '000000' } });
      });
      await act(async () => {
        fireEvent.click(screen.getByTestId('auth-confirm'));
      });
      expect((await screen.findByRole('alert')).textContent).toBe('Спробуй ще раз');
    }
    expect(await readSession(db)).toBeNull();
    expect(document.cookie).not.toContain('usertoken=');
    rt.stop();
  });

  it('right after registering (429 + Retry-After) it says no code was sent, counts the wait down and then sends one', async () => {
    let sends = 0;
    const { rt } = renderAuth({
      '/api/api-auth/login-sms': () =>
        sends++ === 0
          ? {
              status: 429,
              headers: { 'retry-after': '2' },
              body: { error: { code: 'rate_limited', message: 'Новий код можна отримати за хвилину' } },
            }
          : { status: 200, body: { sent: true, resendIn: 60, registered: true } },
    });
    await submitPhone('067 123 45 67');
    const wait = await screen.findByTestId('code-wait');
    expect(wait.textContent).toContain('Код ще не надіслано');
    expect(wait.textContent).not.toMatch(/Ми надіслали/);
    expect(screen.queryByTestId('auth-code')).toBeNull();
    const resend = screen.getByTestId('auth-resend') as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    expect(resend.textContent).toMatch(/Надіслати код · [12] с/);
    // The countdown runs out on its own, then the button sends the code.
    await waitFor(() => expect((screen.getByTestId('auth-resend') as HTMLButtonElement).disabled).toBe(false), {
      timeout: 4000,
    });
    expect(screen.getByTestId('auth-resend').textContent).toBe('Надіслати код');
    await act(async () => {
      fireEvent.click(screen.getByTestId('auth-resend'));
    });
    expect(await screen.findByTestId('auth-code')).toBeDefined();
    expect(screen.getByText(/Ми надіслали 6-значний код на \+380 67 123 45 67/)).toBeDefined();
    expect(sends).toBe(2);
    rt.stop();
  });

  it('an unknown phone is offered registration', async () => {
    const { rt } = renderAuth({
      '/api/api-auth/login-sms': () => ({ status: 200, body: { sent: false, resendIn: 0, registered: false } }),
    });
    await submitPhone('0671234567');
    const link = await screen.findByTestId('auth-register');
    expect(link.getAttribute('href')).toBe('/registration?phone=380671234567');
    rt.stop();
  });

  it('after a forced logout it says once what could not be sent (docs/rules.md#error-reactions)', async () => {
    sessionStorage.setItem(LOGOUT_NOTICE_KEY, '2 скани не надіслано');
    const { rt } = renderAuth({});
    expect((await screen.findByTestId('logout-notice')).textContent).toContain('2 скани не надіслано');
    expect(sessionStorage.getItem(LOGOUT_NOTICE_KEY)).toBeNull();
    rt.stop();
  });

  it('offline it says the sign-in needs the network', async () => {
    const { seen, rt } = renderAuth({}, false);
    await submitPhone('0671234567');
    expect((await screen.findByRole('alert')).textContent).toBe(OFFLINE_ONLY_MESSAGE);
    expect(seen).toHaveLength(0);
    rt.stop();
  });
});
