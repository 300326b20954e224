import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customerName, quoteColumns, quoteNumber, statusName, type TQuoteRow } from './quote-columns';

const row: TQuoteRow = {
  id: 12,
  _id: '0b6d3a52-2b47-4f0e-9a5e-1f0c2a4d7e11',
  name: 'Lobby doors',
  statusTypeId: 3,
  firstName: 'Ann',
  lastName: 'Lee',
  createdByEmail: 'sal@example.com',
  createdDate: '2026-03-04T15:00:00.000Z',
  totalCost: '1234.5',
};
const names = new Map([[3, 'In Review']]);

/** The text of each column's cell for a row, by header. */
function cells(columns: ReturnType<typeof quoteColumns>, quote: TQuoteRow): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const column of columns) {
    const { container, unmount } = render(
      <div>{column.cell ? column.cell(quote) : String(quote[column.id as keyof TQuoteRow] ?? '')}</div>,
    );
    texts[column.header] = container.textContent ?? '';
    unmount();
  }
  return texts;
}

describe('quote list columns', () => {
  it('are #, Status, Customer, Project, Created On and Quote Value; the admin list adds Created By', () => {
    expect(quoteColumns({ statusNames: names, hasCreatedBy: false }).map((c) => c.header)).toEqual([
      '#',
      'Status',
      'Customer',
      'Project',
      'Created On',
      'Quote Value',
    ]);
    const admin = quoteColumns({ statusNames: names, hasCreatedBy: true, hasPlatform: true });
    expect(admin.map((c) => c.header)).toEqual([
      '#',
      'Status',
      'Customer',
      'Created By',
      'Platform',
      'Project',
      'Created On',
      'Quote Value',
    ]);
  });

  it('sort on the server fields the getQuotes route accepts', () => {
    const sortFields = quoteColumns({ statusNames: names, hasCreatedBy: true })
      .filter((c) => c.sortField !== false)
      .map((c) => c.sortField ?? c.id);
    expect(sortFields).toEqual([
      'id',
      'statusTypeId',
      'customer',
      'createdByEmail',
      'name',
      'createdDate',
      'totalCost',
    ]);
  });

  it('show the number, status name, contact, date as MM/DD/YYYY and the value in dollars', () => {
    const texts = cells(quoteColumns({ statusNames: names, hasCreatedBy: true }), row);
    expect(texts).toMatchObject({
      '#': '#12',
      Status: 'In Review',
      Customer: 'Ann Lee',
      'Created By': 'sal@example.com',
      'Created On': '03/04/2026',
      'Quote Value': '$1,234.50',
    });
  });

  it('show an em dash for no status, a status the caller cannot see, no contact, and a copy not yet saved', () => {
    expect(statusName({ statusTypeId: null }, names)).toBe('—');
    expect(statusName({ statusTypeId: 9 }, names)).toBe('—');
    expect(customerName({ firstName: null, lastName: '' })).toBe('—');
    expect(customerName({ firstName: 'Ann', lastName: null })).toBe('Ann');
    expect(quoteNumber({ ...row, isPending: true })).toBe('—');
  });
});
