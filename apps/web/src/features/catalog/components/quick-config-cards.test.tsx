import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeUser, mockApi, renderWithApp } from '../../../test/render';
import { QuickConfigCards } from './quick-config-cards';

const CHAIR = {
  ID: 7,
  Name: 'ErgoLine Office Chair',
  Description: 'Task chairs.',
  ProductNumber: 'CH-1',
  ImageUrl: null,
};

function Probe() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

function setup(rows: unknown[]) {
  const fetchMock = mockApi({
    'productManagement/getProducts': () => ({ body: { success: true, result: { rows, count: rows.length } } }),
  });
  renderWithApp(
    <Routes>
      <Route path="/" element={<QuickConfigCards />} />
      <Route path="*" element={<Probe />} />
    </Routes>,
    { session: makeSession({ user: makeUser() }) },
  );
  return fetchMock;
}

describe('QuickConfigCards', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the quick-configure products; Configure starts a new configuration', async () => {
    const fetchMock = setup([CHAIR]);
    const section = await screen.findByRole('region', { name: 'Quick Configure' });
    expect(await within(section).findByText('Task chairs.')).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      isQuickConfig: true,
      isNonConfigurable: false,
      limit: 12,
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Configure ErgoLine Office Chair' }));
    expect(screen.getByTestId('location').textContent).toMatch(/^\/Configurator\/7\/0\/[0-9a-f-]{36}$/);
  });

  it('shows nothing when no product is flagged', async () => {
    const fetchMock = setup([]);
    // Placeholder cards while the products load, then nothing.
    expect(screen.getByRole('region', { name: 'Quick Configure' })).toBeTruthy();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Quick Configure' })).toBeNull());
  });
});
