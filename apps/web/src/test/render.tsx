import type { TUser } from '@cpq/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { type InitialEntry, MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { ColorModeProvider } from '../app/theme/color-mode';
import { SessionContext, type TSessionValue } from '../features/auth/hooks/use-session';
import { loadOverlays } from '../ui/lazy-overlays';
import { ToastProvider } from '../ui/toast-provider';

// Menus and dialogs load their code when first opened; tests open them at once, as a preloaded app would.
await loadOverlays();
// Parts below a page's first screen (forms, panels, the pager) load their code on their own: the first test to show
// one waits for vitest to compile it.
configure({ asyncUtilTimeout: 5000 });

/** A user as the API shows it, with overrides. */
export function makeUser(overrides: Partial<TUser> = {}): TUser {
  return {
    version: 1,
    id: 7,
    _id: null,
    username: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    roleId: 'registered',
    roleName: 'Registered User',
    roleLevel: 1,
    checkoutType: 'order',
    pid: 'default',
    enableMFA: false,
    hasMfaSecret: false,
    isLoggedIn: true,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeSession(overrides: Partial<TSessionValue> = {}): TSessionValue {
  return {
    auth: null,
    user: null,
    platform: { id: 'default', name: 'Default', requireMFA: '0', requireHttps: '0' },
    isLoading: false,
    loadError: null,
    retry: vi.fn(),
    startSession: vi.fn(),
    signOut: vi.fn(async () => undefined),
    ...overrides,
  };
}

type TRenderOptions = {
  /** A path, or a location with state. */
  route?: InitialEntry;
  session?: TSessionValue;
  /** The whole tree in StrictMode, as main.tsx renders the app (effects run twice on mount). */
  isStrictMode?: boolean;
};

/** Renders with the app's providers, a memory router at `route`, and a fixed session. */
export function renderWithApp(
  ui: ReactElement,
  { route = '/', session = makeSession(), isStrictMode = false }: TRenderOptions = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ColorModeProvider>
        <ToastProvider>
          <MemoryRouter initialEntries={[route]}>
            <SessionContext value={session}>{ui}</SessionContext>
          </MemoryRouter>
        </ToastProvider>
      </ColorModeProvider>
    </QueryClientProvider>,
    { reactStrictMode: isStrictMode },
  );
}

export type TMockAnswer = { status?: number; body: unknown };

/** Answers fetch calls to /api/v1/<path> with the given envelopes (a function per path; a promise holds the answer). */
export function mockApi(handlers: Record<string, (body: unknown) => TMockAnswer | Promise<TMockAnswer>>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input).replace(/^.*\/api\/v1\//, '');
    const handler = handlers[path];
    if (!handler)
      return new Response(JSON.stringify({ success: false, error: 'Not mocked', code: 'NOT_FOUND' }), { status: 404 });
    const answer = await handler(init?.body ? JSON.parse(String(init.body)) : undefined);
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies sent to /api/v1/<path>, in order, from a fetch mock such as mockApi's. */
export function requestBodies(fetchMock: ReturnType<typeof mockApi>, path: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(`/${path}`))
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

/** Stubs the browser's media queries: a query matches when `matches(query)` says so (unstub with vi.unstubAllGlobals). */
export function stubMediaQueries(matches: (query: string) => boolean): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: matches(query),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    onchange: null,
    dispatchEvent: () => false,
  }));
}
