import { afterEach, describe, expect, it } from 'vitest';
import { clearToken, readToken, saveToken, TOKEN_KEY } from './token-storage';

const NOW = Date.UTC(2026, 0, 1);
const inSeconds = (seconds: number) => Math.floor(NOW / 1000) + seconds;

describe('token storage', () => {
  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('keeps the token in session storage only, unless the user asked to stay signed in', () => {
    saveToken({ token: 'a', expiresAt: inSeconds(60), username: 'ada@example.com' }, false);
    expect(sessionStorage.getItem(TOKEN_KEY)).not.toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    saveToken({ token: 'b', expiresAt: inSeconds(60), username: 'ada@example.com' }, true);
    expect(localStorage.getItem(TOKEN_KEY)).not.toBeNull();
    expect(readToken(NOW)?.token).toBe('b');
  });

  it('prefers local storage over session storage', () => {
    sessionStorage.setItem(TOKEN_KEY, JSON.stringify({ token: 'session', expiresAt: inSeconds(60), username: 'a' }));
    localStorage.setItem(TOKEN_KEY, JSON.stringify({ token: 'local', expiresAt: inSeconds(60), username: 'a' }));
    expect(readToken(NOW)?.token).toBe('local');
  });

  it('counts a token only while its expiry (in seconds) is in the future, and drops an expired one', () => {
    saveToken({ token: 'a', expiresAt: inSeconds(0), username: 'a' }, true);
    expect(readToken(NOW)).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
    saveToken({ token: 'b', expiresAt: inSeconds(1), username: 'a' }, false);
    expect(readToken(NOW)?.token).toBe('b');
    expect(readToken(NOW + 1000)).toBeNull();
  });

  it('ignores malformed entries', () => {
    localStorage.setItem(TOKEN_KEY, '{not json');
    sessionStorage.setItem(TOKEN_KEY, JSON.stringify({ token: 1 }));
    expect(readToken(NOW)).toBeNull();
  });

  it('sign-out clears both storages', () => {
    saveToken({ token: 'a', expiresAt: inSeconds(60), username: 'a' }, true);
    clearToken();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(sessionStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});
