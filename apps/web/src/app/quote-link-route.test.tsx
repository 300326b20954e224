import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePortalQuote, TOKEN } from '../features/quote-portal/portal-fixtures.test-support';
import { mockApi, renderWithApp, requestBodies } from '../test/render';
import { AppRoutes } from './router';

describe('/q/:token', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens the shared quote signed out, under the company’s name, with no app navigation and no session call', async () => {
    const fetchMock = mockApi({
      'quotePortal/getQuote': () => ({ body: { success: true, result: makePortalQuote() } }),
    });
    renderWithApp(<AppRoutes />, { route: `/q/${TOKEN}` });
    // The page is lazy: its first import in a test run can take seconds on a busy machine.
    expect(await screen.findByRole('heading', { level: 1, name: 'Quote #42' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('banner').textContent).toBe('Acme Doors Ltd');
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('link', { name: /Sign in|Login|Quotes/ })).toBeNull();
    const paths = fetchMock.mock.calls.map(([url]) => String(url).replace(/^.*\/api\/v1\//, ''));
    expect(paths).toEqual(['quotePortal/getQuote']);
    expect(requestBodies(fetchMock, 'quotePortal/getQuote')).toEqual([{ token: TOKEN }]);
  });
});
