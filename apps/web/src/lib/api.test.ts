import { API_PREFIX, MSG } from '@cpq/contracts';
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
});

describe('saveOf', () => {
  it('an edit carries the version the record was read at; a new record has no id and no version', () => {
    expect(saveOf({ id: 7, version: 4 }, { name: 'North' })).toEqual({ id: 7, version: 4, input: { name: 'North' } });
    expect(saveOf(null, { name: 'North' })).toEqual({ id: null, input: { name: 'North' } });
    expect(saveOf({ id: 'admin', version: 2 }, {})).toEqual({ id: 'admin', version: 2, input: {} });
  });
});
