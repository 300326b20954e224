/** Where the session token lives: session storage always, local storage too when the user asked to stay signed in. */
export const TOKEN_KEY = 'cpqSession';

/** A stored sign-in: the bearer token, its expiry in seconds since the epoch, and whose it is. */
export type TStoredToken = { token: string; expiresAt: number; username: string };

function parse(raw: string | null): TStoredToken | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<TStoredToken>;
    if (typeof value.token !== 'string' || typeof value.expiresAt !== 'number' || typeof value.username !== 'string') {
      return null;
    }
    return { token: value.token, expiresAt: value.expiresAt, username: value.username };
  } catch {
    return null;
  }
}

function safeStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

/** Stores a session token; `persist` (Keep me logged in) also keeps it in local storage. */
export function saveToken(stored: TStoredToken, persist: boolean): void {
  const raw = JSON.stringify(stored);
  safeStorage('sessionStorage')?.setItem(TOKEN_KEY, raw);
  if (persist) safeStorage('localStorage')?.setItem(TOKEN_KEY, raw);
  else safeStorage('localStorage')?.removeItem(TOKEN_KEY);
}

/**
 * The current token: local storage wins over session storage, and a token counts only while its expiry is in
 * the future. An expired token is removed so that it is not sent again.
 */
export function readToken(nowMs: number = Date.now()): TStoredToken | null {
  const stored =
    parse(safeStorage('localStorage')?.getItem(TOKEN_KEY) ?? null) ??
    parse(safeStorage('sessionStorage')?.getItem(TOKEN_KEY) ?? null);
  if (!stored) return null;
  if (stored.expiresAt * 1000 <= nowMs) {
    clearToken();
    return null;
  }
  return stored;
}

/** Removes the token from both storages (sign-out, expiry). */
export function clearToken(): void {
  safeStorage('sessionStorage')?.removeItem(TOKEN_KEY);
  safeStorage('localStorage')?.removeItem(TOKEN_KEY);
}
