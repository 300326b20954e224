import type { TProductView } from '@cpq/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeUser, mockApi, renderWithApp, stubMediaQueries } from '../../../test/render';
import { ProductCatalogDialog } from './product-catalog-dialog';

const GUID_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}';

function makeProduct(overrides: Partial<TProductView>): TProductView {
  return {
    ID: 1,
    version: 1,
    Name: 'Product',
    Description: '',
    ProductNumber: 'P-1',
    ApplicationInstance: null,
    ApplicationName: null,
    HeaderId: null,
    Profile: null,
    ImageUrl: null,
    Ruleset: null,
    Namespace: null,
    Server: null,
    isNonConfigurable: false,
    defaultPrice: null,
    isQuickConfig: false,
    showInCatalog: true,
    quantityInStock: null,
    createdByEmail: null,
    pid: 'default',
    modelId: null,
    ...overrides,
  };
}

const DOOR = makeProduct({ ID: 3, Name: 'Industrial Door', ProductNumber: 'DOOR', Description: 'A roll-up door.' });
const HINGE = makeProduct({
  ID: 9,
  Name: 'Hinge',
  ProductNumber: 'HNG-9',
  isNonConfigurable: true,
  defaultPrice: '1234.5',
  quantityInStock: 4,
});

/** Every max-width media query matches: the phone layout. */
function stubPhone() {
  stubMediaQueries((query) => query.includes('max-width'));
}

function Probe() {
  const location = useLocation();
  return <p data-testid="location">{location.pathname}</p>;
}

function setup({ quoteId = null as number | null, roleLevel = 1 } = {}) {
  const onClose = vi.fn();
  const fetchMock = mockApi({
    'productManagement/getProducts': () => ({ body: { success: true, result: { rows: [DOOR, HINGE], count: 2 } } }),
    'quoteManagement/createQuote': () => ({ body: { success: true, result: { id: 42 } } }),
    'quoteManagement/createLine': () => ({ body: { success: true, result: { id: 1, partNumber: 'HNG-9' } } }),
  });
  renderWithApp(
    <Routes>
      <Route path="/" element={<ProductCatalogDialog open onClose={onClose} quoteId={quoteId} />} />
      <Route path="*" element={<Probe />} />
    </Routes>,
    { session: makeSession({ user: makeUser({ roleLevel }) }) },
  );
  const bodiesOf = (path: string) =>
    fetchMock.mock.calls
      .filter(([input]) => String(input).endsWith(path))
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
  return { onClose, bodiesOf };
}

describe('ProductCatalogDialog', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists catalog products: a price for fixed-price ones, Configurable for the others', async () => {
    const { bodiesOf } = setup();
    const hinge = await screen.findByRole('button', { name: 'Add Hinge to quote' });
    expect(within(hinge).getByText('$1,234.50')).toBeTruthy();
    expect(within(hinge).getByText('Part # HNG-9')).toBeTruthy();
    // Named by the action, described by its facts.
    const description = document.getElementById(hinge.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toContain('Part # HNG-9');
    expect(description?.textContent).toContain('$1,234.50');
    const door = screen.getByRole('button', { name: 'Configure Industrial Door' });
    expect(within(door).getByText('Configurable')).toBeTruthy();
    expect(within(door).getByText('A roll-up door.')).toBeTruthy();
    expect(bodiesOf('productManagement/getProducts')[0]).toEqual({ showInCatalog: true, limit: 12, offset: 0 });
  });

  it('searches at once on Enter, from the first page', async () => {
    const { bodiesOf } = setup();
    await screen.findByRole('button', { name: 'Configure Industrial Door' });
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: ' door ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() =>
      expect(bodiesOf('productManagement/getProducts').at(-1)).toEqual({
        showInCatalog: true,
        search: 'door',
        limit: 12,
        offset: 0,
      }),
    );
  });

  it('a configurable product opens the configurator with a new GUID on the quote', async () => {
    const { onClose, bodiesOf } = setup({ quoteId: 5 });
    fireEvent.click(await screen.findByRole('button', { name: 'Configure Industrial Door' }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByTestId('location').textContent).toMatch(new RegExp(`^/Configurator/3/5/${GUID_PATTERN}$`));
    expect(bodiesOf('quoteManagement/createLine')).toEqual([]);
  });

  it('without a quote, a configurable product opens the configurator on quote 0', async () => {
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Configure Industrial Door' }));
    expect(screen.getByTestId('location').textContent).toMatch(new RegExp(`^/Configurator/3/0/${GUID_PATTERN}$`));
  });

  it('a fixed-price product is added to the open quote as a line', async () => {
    const { onClose, bodiesOf } = setup({ quoteId: 5 });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Hinge to quote' }));
    expect(await screen.findByText('Added HNG-9 to Quote #5')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(bodiesOf('quoteManagement/createQuote')).toEqual([]);
    const [line] = bodiesOf('quoteManagement/createLine');
    expect(line).toEqual({ input: { _id: expect.stringMatching(new RegExp(GUID_PATTERN)), quoteId: 5, productId: 9 } });
    // Still on the page that opened the catalog.
    expect(screen.queryByTestId('location')).toBeNull();
  });

  it('without a quote, a fixed-price product creates one, adds the line and opens the quote', async () => {
    const { bodiesOf } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Add Hinge to quote' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/Quote/42'));
    expect(bodiesOf('quoteManagement/createQuote')).toHaveLength(1);
    expect(bodiesOf('quoteManagement/createLine')[0]?.input).toMatchObject({ quoteId: 42, productId: 9 });
    expect(await screen.findByText('Added HNG-9 to Quote #42')).toBeTruthy();
  });

  it('phones: a row layout whose administrators get a link to edit the product by part number', async () => {
    stubPhone();
    setup({ roleLevel: 5 });
    const edit = await screen.findByRole('link', { name: 'Edit Hinge' });
    expect(edit.getAttribute('href')).toBe('/Products/edit/HNG-9');
  });

  it('phones: other users get no edit link', async () => {
    stubPhone();
    setup({ roleLevel: 1 });
    await screen.findByRole('button', { name: 'Add Hinge to quote' });
    expect(screen.queryByRole('link', { name: /^Edit/ })).toBeNull();
  });
});
