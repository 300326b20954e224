import { MSG, PRICE_LIST_MSG, type TPriceList } from '@cpq/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp } from '../../../test/render';
import { PriceListPanel } from './price-list-panel';

const dealer: TPriceList = {
  version: 4,
  id: 7,
  name: 'Dealer',
  currency: 'USD',
  validFrom: null,
  validTo: null,
  pid: 'default',
  customerCount: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  entries: [
    {
      productId: 3,
      optionId: null,
      valueId: null,
      fromQuantity: 1,
      kind: 'price',
      value: '90.0000',
      productNumber: 'W-1',
      productName: 'Widget',
    },
    {
      productId: 3,
      optionId: null,
      valueId: null,
      fromQuantity: 10,
      kind: 'percent',
      value: '80.0000',
      productNumber: 'W-1',
      productName: 'Widget',
    },
  ],
};

const entry = (index: number) => within(screen.getByRole('group', { name: `Entry ${index}` }));

describe('price list panel', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('checks on submit with the server’s messages, naming the row', async () => {
    renderWithApp(<PriceListPanel open priceList={null} onClose={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add Entry' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The name and the row's value are required; the row has no product yet.
    expect(await screen.findAllByText(MSG.fieldRequired)).toHaveLength(2);
    expect(entry(1).getByText(MSG.fieldRequired)).toBeTruthy();
    expect(entry(1).getByText(PRICE_LIST_MSG.productNotFound)).toBeTruthy();
  });

  it('shows the tiers as typed and sends the version with the whole entries table', async () => {
    const onClose = vi.fn();
    const fetchMock = mockApi({
      'priceListManagement/updatePriceList': () => ({ body: { success: true, result: dealer } }),
    });
    renderWithApp(<PriceListPanel open priceList={dealer} onClose={onClose} />);
    expect((entry(2).getByRole('textbox', { name: 'Value' }) as HTMLInputElement).value).toBe('80');
    fireEvent.change(entry(1).getByRole('textbox', { name: 'Value' }), { target: { value: '85' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully updated Price List')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).endsWith('updatePriceList')) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      id: 7,
      version: 4,
      input: {
        name: 'Dealer',
        currency: 'USD',
        validFrom: null,
        validTo: null,
        entries: [
          { productId: 3, optionId: null, valueId: null, fromQuantity: 1, kind: 'price', value: '85' },
          { productId: 3, optionId: null, valueId: null, fromQuantity: 10, kind: 'percent', value: '80' },
        ],
      },
    });
  });

  it('puts the server’s field errors on the entry they name and stays open', async () => {
    const onClose = vi.fn();
    mockApi({
      'priceListManagement/updatePriceList': () => ({
        status: 400,
        body: {
          success: false,
          error: PRICE_LIST_MSG.configuredNeedsPercent,
          code: 'VALIDATION_FAILED',
          details: [{ path: 'input.entries.1.kind', message: PRICE_LIST_MSG.configuredNeedsPercent }],
        },
      }),
    });
    renderWithApp(<PriceListPanel open priceList={dealer} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(entry(2).getByText(PRICE_LIST_MSG.configuredNeedsPercent)).toBeTruthy());
    expect(onClose).not.toHaveBeenCalled();
  });

  it('prices a configurable product’s priced value in the list’s currency', async () => {
    const bicycle: TPriceList = {
      ...dealer,
      currency: 'EUR',
      entries: [
        {
          productId: 5,
          optionId: 'frame',
          valueId: 'carbon',
          fromQuantity: 1,
          kind: 'percent',
          value: '80.0000',
          productNumber: 'BIKE',
          productName: 'Bicycle',
        },
      ],
    };
    const fetchMock = mockApi({
      'priceListManagement/getPricedValues': () => ({
        body: {
          success: true,
          result: {
            rows: [
              { optionId: 'frame', valueId: 'carbon', caption: 'Frame material: Carbon fibre', price: '900.00' },
              { optionId: 'wheels', valueId: 'carbon', caption: 'Wheels: Carbon', price: '850.00' },
            ],
          },
        },
      }),
      'priceListManagement/updatePriceList': () => ({ body: { success: true, result: bicycle } }),
    });
    renderWithApp(<PriceListPanel open priceList={bicycle} onClose={vi.fn()} />);
    // The stored value shows by its caption once the product's values are in, priced in the list's currency.
    expect(await entry(1).findByText('Frame material: Carbon fibre (€900.00)')).toBeTruthy();
    expect(entry(1).getByRole('combobox', { name: 'Kind' }).textContent).toBe('% of list');
    fireEvent.mouseDown(entry(1).getByRole('combobox', { name: 'Priced value' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Wheels: Carbon (€850.00)' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const isUpdate = ([url]: unknown[]) => String(url).endsWith('updatePriceList');
    await waitFor(() => expect(fetchMock.mock.calls.some(isUpdate)).toBe(true));
    const [, init] = fetchMock.mock.calls.find(isUpdate) ?? [];
    expect(JSON.parse(String(init?.body)).input).toMatchObject({
      currency: 'EUR',
      entries: [{ productId: 5, optionId: 'wheels', valueId: 'carbon', kind: 'percent', value: '80' }],
    });
  });
});
