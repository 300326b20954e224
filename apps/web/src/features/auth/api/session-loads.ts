import type { TPlatformView, TPublicPlatform, TUser } from '@cpq/contracts';
import { ApiError } from '../../../lib/api';
import { authApi } from './auth.api';

export const isUnauthenticated = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

/** What a session load holds: its data once loaded, the error of the last failed fetch, and whether it waits. */
export type TLoadState<T> = { data: T | undefined; dataUpdatedAt: number; error: Error | null; isPending: boolean };

/**
 * One of the two loads the session guard waits for (the signed-in user, the platform), kept outside React and
 * outside the query cache: the sign-in screens need them before any page that fetches more has loaded its code.
 * Once the query cache loads, session-cache.ts mirrors each load into it under `key`.
 */
export type TSessionLoad<T> = {
  key: readonly unknown[];
  getState: () => TLoadState<T>;
  subscribe: (listener: () => void) => () => void;
  /** Fetches unless data is set or a fetch runs (a failed load fetches again when a screen asks for it anew). */
  ensure: () => void;
  /** Fetches again (retries included); the data stays until the new one arrives. */
  refetch: () => Promise<void>;
  /** Takes data from elsewhere (the sign-in answer, the query cache). */
  setData: (data: T, updatedAt?: number) => void;
};

const MAX_RETRIES = 2;
/** The query cache's default backoff: 1 s, then 2 s. */
const retryDelay = (failures: number) => Math.min(1000 * 2 ** failures, 30_000);
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function createLoad<T>(key: readonly unknown[], fetchData: () => Promise<T>): TSessionLoad<T> {
  let state: TLoadState<T> = { data: undefined, dataUpdatedAt: 0, error: null, isPending: true };
  let running: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const update = (next: Partial<TLoadState<T>>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
    for (const listener of dataListeners) if ('data' in next) listener(load as unknown as TSessionLoad<unknown>);
  };

  const run = async () => {
    for (let failures = 0; ; failures++) {
      try {
        const data = await fetchData();
        update({ data, dataUpdatedAt: Date.now(), error: null, isPending: false });
        return;
      } catch (error) {
        // A token the server does not accept stays so: retrying only delays the sign-out.
        if (failures >= MAX_RETRIES || isUnauthenticated(error)) {
          update({ error: error instanceof Error ? error : new Error(String(error)), isPending: false });
          return;
        }
        await wait(retryDelay(failures));
      }
    }
  };
  const refetch = () => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };

  const load: TSessionLoad<T> = {
    key,
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ensure: () => {
      if (state.data === undefined && running === null) void refetch();
    },
    refetch,
    setData: (data, updatedAt = Date.now()) => {
      if (data !== state.data) update({ data, dataUpdatedAt: updatedAt, error: null, isPending: false });
    },
  };
  return load;
}

const userLoads = new Map<string, TSessionLoad<TUser>>();
const platformLoads = new Map<string | null, TSessionLoad<TPlatformView | TPublicPlatform>>();
const dataListeners = new Set<(load: TSessionLoad<unknown>) => void>();
const createdListeners = new Set<(load: TSessionLoad<unknown>) => void>();

function remember<K, T>(loads: Map<K, TSessionLoad<T>>, id: K, create: () => TSessionLoad<T>): TSessionLoad<T> {
  const known = loads.get(id);
  if (known) return known;
  const load = create();
  loads.set(id, load);
  for (const listener of createdListeners) listener(load as unknown as TSessionLoad<unknown>);
  return load;
}

/** The signed-in user, under the query key the profile pages share with it. */
export const userLoad = (username: string): TSessionLoad<TUser> =>
  remember(userLoads, username, () => createLoad(['users', username], () => authApi.getUser(username)));

/** The caller's platform (the default platform when signed out). */
export const platformLoad = (username: string | null): TSessionLoad<TPlatformView | TPublicPlatform> =>
  remember(platformLoads, username, () => createLoad(['platforms', 'current', username], () => authApi.getPlatform()));

/** Forgets what was loaded for signed-in users (sign-out): the next user's screens never see the last one's. */
export function forgetSignedInLoads(): void {
  userLoads.clear();
  for (const username of platformLoads.keys()) if (username !== null) platformLoads.delete(username);
}

/**
 * Starts the loads the guard waits for before React has rendered anything, so that they run while the page's
 * code is still evaluating.
 */
export function prefetchSession(username: string | null): void {
  if (username !== null) userLoad(username).ensure();
  platformLoad(username).ensure();
}

/** Every load so far, and each one made or given data from now on (session-cache.ts mirrors them). */
export function watchSessionLoads(handlers: {
  onLoad: (load: TSessionLoad<unknown>) => void;
  onData: (load: TSessionLoad<unknown>) => void;
}): void {
  for (const load of [...userLoads.values(), ...platformLoads.values()]) handlers.onLoad(load as TSessionLoad<unknown>);
  createdListeners.add(handlers.onLoad);
  dataListeners.add(handlers.onData);
}

/** The load kept under this query key, if any. */
export function sessionLoadOf(key: readonly unknown[]): TSessionLoad<unknown> | undefined {
  const [area, second, third] = key;
  if (area === 'users' && typeof second === 'string' && key.length === 2) {
    return userLoads.get(second) as TSessionLoad<unknown> | undefined;
  }
  if (
    area === 'platforms' &&
    second === 'current' &&
    key.length === 3 &&
    (typeof third === 'string' || third === null)
  ) {
    return platformLoads.get(third) as TSessionLoad<unknown> | undefined;
  }
  return undefined;
}
