import { MSG, type TQuoteLine } from '@cpq/contracts';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { makeLine } from '../quote-fixtures.test-support';
import { QuoteLinesTable, type TLineActions } from './quote-lines-table';
import { QuoteTotals } from './quote-totals';

const DOOR = makeLine({
  id: 3,
  partNumber: 'DR-1',
  productName: 'Door',
  listPrice: '100.0000',
  priceListPrice: '90.0000',
  price: '85.0000',
  quantity: 3,
  discountPercent: '40',
});

const actionsWith = (onDiscount?: TLineActions['onDiscount']): TLineActions => ({
  onQuantity: vi.fn(async () => undefined),
  onDelete: vi.fn(),
  onPricingDoc: vi.fn(),
  onDiscount,
  busyLineId: null,
});

/** The rows of the opened breakdown as 'label amount'. */
const breakdownRows = () =>
  within(screen.getByRole('list', { name: 'Price breakdown' }))
    .getAllByRole('listitem')
    .map((row) => row.textContent);

describe('the Lines tab price breakdown', () => {
  afterEach(cleanup);

  it('shows the line after its discount and opens its waterfall, steps adding up to the net', async () => {
    renderWithApp(<QuoteLinesTable lines={[DOOR]} quoteId={8} isEditable discountPercent="10" />);
    const row = screen.getByText('DR-1').closest('tr') as HTMLElement;
    // 3 x 85.00 = 255.00, less 40% = 153.00.
    expect(within(row).getByText('$153.00')).toBeTruthy();
    expect(within(row).getByText('40% off')).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Price breakdown of DR-1' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await screen.findByRole('list', { name: 'Price breakdown' });
    // The quote's 10% is all this line's (the only one): 15.30.
    expect(breakdownRows()).toEqual([
      'List price$300.00',
      'Price list-$30.00',
      'Quantity tier-$15.00',
      'Line discount 40%-$102.00',
      'Quote discount 10%-$15.30',
      'Net$137.70',
    ]);
    // Without the cost the server keeps from this caller, no margin is shown.
    expect(screen.queryByText('Margin')).toBeNull();
  });

  it('shows cost and margin when the server sent the cost', async () => {
    renderWithApp(<QuoteLinesTable lines={[{ ...DOOR, cost: '20.0000' }]} quoteId={8} isEditable />);
    fireEvent.click(screen.getByRole('button', { name: 'Price breakdown of DR-1' }));
    await screen.findByRole('list', { name: 'Price breakdown' });
    expect(breakdownRows().slice(-2)).toEqual(['Cost$60.00', 'Margin$93.00 (60.78%)']);
  });

  it('saves a line discount typed in it, and refuses one out of range without sending it', async () => {
    const onDiscount = vi.fn(async (_line: TQuoteLine, _percent: string) => undefined);
    renderWithApp(<QuoteLinesTable lines={[DOOR]} quoteId={8} isEditable actions={actionsWith(onDiscount)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Price breakdown of DR-1' }));
    const field = await screen.findByRole('textbox', { name: 'Line discount %' });
    expect((field as HTMLInputElement).value).toBe('40');
    fireEvent.change(field, { target: { value: '120' } });
    fireEvent.blur(field);
    expect(await screen.findByText(MSG.discountPercentFormat)).toBeTruthy();
    expect(onDiscount).not.toHaveBeenCalled();
    fireEvent.change(field, { target: { value: '12.5' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onDiscount).toHaveBeenCalledWith(DOOR, '12.5');
  });

  it('offers no discount field where the lines cannot change or the caller may not discount', async () => {
    renderWithApp(<QuoteLinesTable lines={[DOOR]} quoteId={8} isEditable={false} actions={actionsWith(vi.fn())} />);
    fireEvent.click(screen.getByRole('button', { name: 'Price breakdown of DR-1' }));
    await screen.findByRole('list', { name: 'Price breakdown' });
    expect(screen.queryByRole('textbox', { name: 'Line discount %' })).toBeNull();
  });
});

describe('the totals under the lines', () => {
  afterEach(cleanup);

  const totalsText = () =>
    within(screen.getByRole('region', { name: 'Totals' }))
      .getAllByRole('definition')
      .map((cell) => cell.textContent);

  it('shows the subtotal, the quote discount and the total the server keeps; margin only with every cost', () => {
    const lines = [DOOR, makeLine({ id: 4, price: '10', quantity: 1 })];
    renderWithApp(<QuoteTotals quote={{ lines, discountPercent: '10', totalCost: '146.7000' }} />);
    // 153.00 + 10.00 = 163.00, less 10% (16.30) = 146.70.
    expect(totalsText()).toEqual(['$163.00', '-$16.30', '$146.70']);
    cleanup();
    const costed = lines.map((line) => ({ ...line, cost: '5.0000' }));
    renderWithApp(<QuoteTotals quote={{ lines: costed, discountPercent: '10', totalCost: '146.7000' }} />);
    // Cost 3 x 5 + 5 = 20.00; margin 126.70, 86.37% of 146.70.
    expect(totalsText()).toEqual(['$163.00', '-$16.30', '$146.70', '$20.00', '$126.70 (86.37%)']);
  });
});
