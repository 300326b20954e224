import type { TConfiguration } from '@cpq/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp, requestBodies } from '../../../test/render';
import { ConfigurationCard } from './configuration-card';

const ID = '0b5a1f9e-7c41-4d2b-9a8e-3f6c2d1e4b70';

function makeConfiguration(overrides: Partial<TConfiguration> = {}): TConfiguration {
  return {
    id: ID,
    productId: 3,
    productName: 'Industrial Door',
    productNumber: 'DOOR',
    imageUrl: '/models/images/door.svg',
    modelVersion: 1,
    choices: [],
    username: 'ada@example.com',
    pid: 'default',
    quoteId: 17,
    lineId: 4,
    isComplete: true,
    partNumber: 'DOOR-R-3020',
    description: 'Roll-up door',
    price: 4321.5,
    quoteType: 1,
    details: [
      { Caption: 'Door type', Value: 'Rolling', Type: 0 },
      { Caption: 'Width', Value: '3020', Type: 0 },
    ],
    createdDate: '2026-03-04T15:00:00.000Z',
    updatedAt: '2026-03-04T15:00:00.000Z',
    ...overrides,
  };
}

function Location() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

const renderCard = (configuration: TConfiguration) =>
  renderWithApp(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <ul>
              <ConfigurationCard configuration={configuration} />
            </ul>
            <Location />
          </>
        }
      />
    </Routes>,
  );

describe('ConfigurationCard', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows image, product, part number, price, date and quote, and reopens in reconfigure mode', () => {
    renderCard(makeConfiguration());
    const card = screen.getByRole('link', { name: /^Reopen Industrial Door configuration from 03\/04\/2026$/ });
    expect(card.getAttribute('href')).toBe(`/Configurator/3/17/${ID}?configurationId=${ID}`);
    expect(within(card).getByRole('img', { name: 'Image of Industrial Door' }).getAttribute('src')).toBe(
      '/models/images/door.svg',
    );
    expect(within(card).getByText('Part # DOOR-R-3020')).toBeTruthy();
    expect(within(card).getByText('$4,321.50')).toBeTruthy();
    expect(within(card).getByText('03/04/2026')).toBeTruthy();
    expect(within(card).getByText('Quote #17')).toBeTruthy();
    const description = document.getElementById(card.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toContain('Part # DOOR-R-3020');
    expect(description?.textContent).toContain('Quote #17');
  });

  it('an incomplete configuration off any quote says Incomplete and reopens on quote 0', () => {
    renderCard(makeConfiguration({ isComplete: false, partNumber: null, quoteId: null, lineId: null, price: null }));
    const card = screen.getByRole('link', { name: /^Reopen Industrial Door/ });
    expect(card.getAttribute('href')).toBe(`/Configurator/3/0/${ID}?configurationId=${ID}`);
    expect(within(card).getByText('Incomplete')).toBeTruthy();
    expect(within(card).queryByText(/^Quote #/)).toBeNull();
    expect(within(card).queryByText(/^Part #/)).toBeNull();
  });

  it("an order's configuration opens read-only: its details, the order, and Copy to a new quote", async () => {
    const fetchMock = mockApi({
      'configurator/start': () => ({ body: { success: true, result: {} } }),
    });
    renderCard(makeConfiguration({ quoteType: 2 }));
    expect(screen.queryByRole('link', { name: /^Reopen/ })).toBeNull();
    const card = screen.getByRole('button', { name: /^View Industrial Door configuration on Order #17/ });
    expect(within(card).getByText('Order #17')).toBeTruthy();
    fireEvent.click(card);
    const dialog = await screen.findByRole('dialog', { name: 'Industrial Door on Order #17' });
    expect(within(dialog).getByText('An ordered configuration cannot be changed.', { exact: false })).toBeTruthy();
    expect(within(dialog).getByRole('rowheader', { name: 'Door type' })).toBeTruthy();
    expect(within(dialog).getByRole('cell', { name: 'Rolling' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Open Order #17' }).getAttribute('href')).toBe('/Quote/17');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy to a new quote' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toMatch(/^\/Configurator\/3\/0\//));
    const [body] = requestBodies(fetchMock, 'configurator/start') as { configurationId: string }[];
    expect(body).toMatchObject({ productId: 3, copyOf: ID, quoteId: null });
    expect(screen.getByTestId('location').textContent).toBe(
      `/Configurator/3/0/${body?.configurationId}?configurationId=${body?.configurationId}`,
    );
  });
});
