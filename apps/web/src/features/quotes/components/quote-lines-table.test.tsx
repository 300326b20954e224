import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { makeLine } from '../quote-fixtures.test-support';
import { LINES_STEP, QuoteLinesTable } from './quote-lines-table';

const CONFIG_ID = '5e0c8a7b-2f1d-4c3e-8b9a-0d1e2f3a4b5c';

const CHAIR = makeLine({
  id: 1,
  partNumber: null,
  description: null,
  isNonConfigurable: false,
  configurationId: CONFIG_ID,
  productId: 2,
  productName: 'Office Chair',
  CfgPartNumber: 'CH-MESH-BLK',
  LineDescription: 'Mesh chair, black',
  imgUrl: '/models/images/chair.svg',
  price: '349.99',
  quantity: 3,
  Details: [
    { Caption: 'Back', Value: 'Mesh' },
    { Caption: 'Armrest upgrade', Value: '45', Type: 5 },
  ],
});
const HINGE = makeLine({
  id: 2,
  productId: 9,
  productName: 'Hinge',
  partNumber: 'HNG-9',
  description: 'A sturdy hinge.',
  price: '12.5',
  quantity: 2,
  isNonConfigurable: true,
});

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('QuoteLinesTable', () => {
  afterEach(cleanup);

  it('shows part number, description, quantity, unit and extended price', () => {
    renderWithApp(<QuoteLinesTable lines={[CHAIR, HINGE]} quoteId={8} isEditable />);
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Image', 'Part #', 'Description', 'Quantity', 'Unit Price', 'Extended Price', 'Actions']);
    const cells = within(rowOf('CH-MESH-BLK'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(1, 6)).toEqual(['CH-MESH-BLK', 'Mesh chair, black', '3', '$349.99', '$1,049.97']);
    expect(within(rowOf('HNG-9')).getByText('$25.00')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Image of Office Chair' })).toBeTruthy();
  });

  it('shows every amount in the quote’s currency, its details too', () => {
    renderWithApp(<QuoteLinesTable lines={[CHAIR, HINGE]} quoteId={8} isEditable currency="EUR" />);
    const cells = within(rowOf('CH-MESH-BLK'))
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(4, 6)).toEqual(['€349.99', '€1,049.97']);
    expect(within(rowOf('HNG-9')).getByText('€25.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Details of CH-MESH-BLK' }));
    expect(screen.getByText('€45.00')).toBeTruthy();
    expect(screen.queryByText(/\$/)).toBeNull();
  });

  it('edit reopens a configured line in reconfigure mode; fixed-price lines have no edit', () => {
    renderWithApp(<QuoteLinesTable lines={[CHAIR, HINGE]} quoteId={8} isEditable />);
    expect(screen.getByRole('link', { name: 'Edit CH-MESH-BLK' }).getAttribute('href')).toBe(
      `/Configurator/2/8/${CONFIG_ID}?configurationId=${CONFIG_ID}`,
    );
    expect(screen.queryByRole('link', { name: 'Edit HNG-9' })).toBeNull();
    // Nothing to expand either: the hinge has no Details.
    expect(screen.queryByRole('button', { name: 'Details of HNG-9' })).toBeNull();
  });

  it('a quote that cannot take changes offers no edit', () => {
    renderWithApp(<QuoteLinesTable lines={[CHAIR]} quoteId={8} isEditable={false} />);
    expect(screen.queryByRole('link', { name: /^Edit/ })).toBeNull();
  });

  it('Details expand with currency for Type 5 and more', async () => {
    renderWithApp(<QuoteLinesTable lines={[CHAIR]} quoteId={8} isEditable />);
    const toggle = screen.getByRole('button', { name: 'Details of CH-MESH-BLK' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByText('Armrest upgrade')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByText('Armrest upgrade')).toBeTruthy();
    expect(screen.getByText('$45.00')).toBeTruthy();
    expect(screen.getByText('Mesh')).toBeTruthy();
  });

  it('extended price is the unit price shown times the quantity', () => {
    // $0.13 x 8, as the PDF and the e-mail show it.
    renderWithApp(
      <QuoteLinesTable lines={[makeLine({ id: 5, price: '0.1250', quantity: 8 })]} quoteId={8} isEditable />,
    );
    expect(screen.getAllByText('$0.13').length).toBeGreaterThan(0);
    expect(screen.getAllByText('$1.04').length).toBeGreaterThan(0);
    expect(screen.queryByText('$1.00')).toBeNull();
    cleanup();
    renderWithApp(
      <QuoteLinesTable
        lines={[makeLine({ id: 6, price: '1.005', quantity: 3 }), makeLine({ id: 7, price: '19.9999', quantity: 7 })]}
        quoteId={8}
        isEditable
      />,
    );
    expect(screen.getAllByText('$3.03').length).toBeGreaterThan(0);
    expect(screen.getAllByText('$140.00').length).toBeGreaterThan(0);
  });
});

describe('a long quote', () => {
  it('shows its first 50 lines, then 50 more or all of them on request', () => {
    const lines = Array.from({ length: 120 }, (_, index) =>
      makeLine({ id: index + 1, partNumber: `P-${index + 1}`, productName: 'Part', quantity: 1 }),
    );
    renderWithApp(<QuoteLinesTable lines={lines} quoteId={8} isEditable />);
    const bodyRows = () => screen.getAllByText(/^P-\d+$/).length;
    expect(bodyRows()).toBe(LINES_STEP);
    expect(screen.getByRole('status').textContent).toBe('Showing 50 of 120 lines.');
    fireEvent.click(screen.getByRole('button', { name: 'Show 50 more' }));
    expect(bodyRows()).toBe(100);
    expect(screen.getByRole('button', { name: 'Show 20 more' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all 120' }));
    expect(bodyRows()).toBe(120);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
