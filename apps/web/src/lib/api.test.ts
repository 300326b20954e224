import { API_PREFIX, MSG, msgServerBusy } from '@cpq/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/render';
import { API_BASE, ApiError, call, saveOf } from './api';
import { saveToken } from './token-storage';

describe('api client', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    sessionStorage.clear();
    localStorage.clear();
  });

  it('uses the contracts prefix', () => {
    expect(API_BASE).toBe(API_PREFIX);
  });

  it('posts JSON with the bearer token and resolves with the result', async () => {
    saveToken({ token: 'tok', expiresAt: Math.floor(Date.now() / 1000) + 60, username: 'a@b.co' }, false);
    const fetchMock = mockApi({ 'auth/forgotPassword': () => ({ body: { success: true, result: { sent: true } } }) });
    await expect(call('auth/forgotPassword', { username: 'a@b.co' })).resolves.toEqual({ sent: true });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/auth/forgotPassword');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string> | undefined)?.Authorization).toBe('Bearer tok');
  });

  it('throws an ApiError with the server message, code, details and status', async () => {
    mockApi({
      'auth/login': () => ({
        status: 401,
        body: { success: false, error: MSG.invalidCredentials, code: 'INVALID_CREDENTIALS', details: [] },
      }),
    });
    const error = await call('auth/login', { username: 'a@b.co', password: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: MSG.invalidCredentials, code: 'INVALID_CREDENTIALS', status: 401 });
  });

  it('turns a non-JSON failure into a readable error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(call('auth/logout', {})).rejects.toMatchObject({ message: MSG.internal, status: 502 });
  });

  it('sends a call the server shed once more after Retry-After, and shows the busy message if shed again', async () => {
    vi.useFakeTimers();
    try {
      const busy = () =>
        new Response(JSON.stringify({ success: false, error: msgServerBusy(2), code: 'SERVER_BUSY' }), {
          status: 503,
          headers: { 'retry-after': '2' },
        });
      const ok = () => new Response(JSON.stringify({ success: true, result: { ok: true } }), { status: 200 });
      const fetchMock = vi
        .fn()
        .mockImplementationOnce(async () => busy())
        .mockImplementationOnce(async () => ok());
      vi.stubGlobal('fetch', fetchMock);
      const answered = call('auth/logout', {});
      await vi.advanceTimersByTimeAsync(1_900);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(200);
      await expect(answered).resolves.toEqual({ ok: true });
      expect(fetchMock).toHaveBeenCalledTimes(2);

      const alwaysBusy = vi.fn(async () => busy());
      vi.stubGlobal('fetch', alwaysBusy);
      const refused = call('auth/logout', {}).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(2_100);
      expect(await refused).toMatchObject({ message: msgServerBusy(2), code: 'SERVER_BUSY', status: 503 });
      expect(alwaysBusy).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stops waiting out Retry-After when the call is aborted', async () => {
    const busy = new Response(JSON.stringify({ success: false, error: msgServerBusy(5), code: 'SERVER_BUSY' }), {
      status: 503,
      headers: { 'retry-after': '5' },
    });
    const fetchMock = vi.fn(async () => busy);
    vi.stubGlobal('fetch', fetchMock);
    const controller = new AbortController();
    const answered = call('auth/logout', {}, controller.signal).catch((e: unknown) => e);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    controller.abort();
    expect(await answered).toMatchObject({ name: 'AbortError' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('saveOf', () => {
  it('an edit carries the version the record was read at; a new record has no id and no version', () => {
    expect(saveOf({ id: 7, version: 4 }, { name: 'North' })).toEqual({ id: 7, version: 4, input: { name: 'North' } });
    expect(saveOf(null, { name: 'North' })).toEqual({ id: null, input: { name: 'North' } });
    expect(saveOf({ id: 'admin', version: 2 }, {})).toEqual({ id: 'admin', version: 2, input: {} });
  });
});
