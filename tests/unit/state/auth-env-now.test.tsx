// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ClubDb } from '../../../src/db/database';
import { AgeCheckForm } from '../../../src/features/verification/age-check-form';
import { saveSession } from '../../../src/sync/auth/session';
import { ENGINE_NOT_STARTED } from '../../../src/state/session';
import { setSyncStarter, SyncProvider } from '../../../src/state/sync-context';
import type { SyncRuntime } from '../../../src/sync/runtime';
import { scriptedFetch } from '../sync/support/fake-fetch';
import { api, uniqueDbName } from '../sync/support/harness';
import { testRuntime } from '../sync/support/test-runtime';

afterEach(() => {
  cleanup();
  setSyncStarter(null);
});

async function member() {
  const db = new ClubDb(uniqueDbName('env-now'));
  await saveSession(db, {
    token: 'tok-1',
    customerIds: { glo: 101 },
    phone: '380500000001',
    variant: 'glo',
    ageVerified: false,
  });
  const net = scriptedFetch(
    api({
      '/api/user/verify-age': () => ({ status: 200, body: { age_verified: true, tags: ['pwa_user', 'age_verified'] } }),
      '/api/user/get-user': () => ({ status: 503, body: { error: { code: 'unavailable', message: 'later' } } }),
    }),
  );
  return { db, net };
}

async function submitBirthDate() {
  await act(async () => {
    fireEvent.change(screen.getByTestId('verify-birth-date'), { target: { value: '1990-02-03' } });
  });
  await act(async () => {
    fireEvent.click(screen.getByTestId('verify-submit'));
  });
}

describe('a tap before the sync engine has started (useAuthEnvNow)', () => {
  it('starts the engine and is carried out, not dropped: the age check reaches the server', async () => {
    const { db, net } = await member();
    const started: SyncRuntime[] = [];
    setSyncStarter(async () => {
      const rt = testRuntime(db, net.fetch);
      started.push(rt);
      return rt;
    });
    render(
      <SyncProvider runtime={null}>
        <AgeCheckForm method="diia" submitLabel="Підтвердити" />
      </SyncProvider>,
    );
    // The button is usable before the engine has started.
    expect(screen.getByTestId('verify-submit').hasAttribute('disabled')).toBe(false);
    await submitBirthDate();
    await waitFor(() =>
      expect(net.seen.map((r) => new URL(r.url, 'http://x').pathname)).toContain('/api/user/verify-age'),
    );
    expect(started).toHaveLength(1);
    const sent = net.seen.find((r) => r.url.endsWith('/api/user/verify-age'))!;
    expect(JSON.parse(sent.body!)).toMatchObject({ method: 'diia', birth_date: '1990-02-03' });
    started[0]!.stop();
  });

  it('once the engine runs, the screen uses it and starts nothing', async () => {
    const { db, net } = await member();
    let starts = 0;
    setSyncStarter(async () => {
      starts += 1;
      throw new Error('not to be started again');
    });
    const rt = testRuntime(db, net.fetch);
    render(
      <SyncProvider runtime={rt}>
        <AgeCheckForm method="diia" submitLabel="Підтвердити" />
      </SyncProvider>,
    );
    await submitBirthDate();
    await waitFor(() => expect(net.seen.some((r) => r.url.endsWith('/api/user/verify-age'))).toBe(true));
    expect(starts).toBe(0);
    rt.stop();
  });
});

describe('when the engine cannot start', () => {
  it('the form says so in Ukrainian, changes nothing, and a later tap goes through', async () => {
    const { db, net } = await member();
    setSyncStarter(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <SyncProvider runtime={null}>
        <AgeCheckForm method="diia" submitLabel="Підтвердити" />
      </SyncProvider>,
    );
    await submitBirthDate();
    expect(await screen.findByText(ENGINE_NOT_STARTED)).toBeDefined();
    expect(net.seen).toHaveLength(0);

    const rt = testRuntime(db, net.fetch);
    setSyncStarter(async () => rt);
    await act(async () => {
      fireEvent.click(screen.getByTestId('verify-submit'));
    });
    await waitFor(() => expect(net.seen.some((r) => r.url.endsWith('/api/user/verify-age'))).toBe(true));
    rt.stop();
  });
});
