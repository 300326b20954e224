import { formatCurrency, formatDate, orDash } from '@cpq/contracts';
import type { TListColumn } from '../../../ui/generic-list';
import { customerName, noWrap, quoteNumber, type TQuoteRow } from '../../quote-lists/components/quote-columns';

/** The customer of an order row: the contact's first and last name, else the creator's e-mail address. */
export function orderCustomer(row: Pick<TQuoteRow, 'firstName' | 'lastName' | 'createdByEmail'>): string {
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ').trim();
  return name ? customerName(row) : orDash(row.createdByEmail);
}

/**
 * The columns of the orders lists (spec "Orders list"): # (quote number), Customer, Project, Ordered On
 * (MM/DD/YYYY), Status and Quote Value. `statusOf` gives a row's status label.
 */
export function orderColumns(statusOf: (row: TQuoteRow) => string): TListColumn<TQuoteRow>[] {
  return [
    { id: 'id', header: '#', size: 84, cell: (row) => noWrap(quoteNumber(row)) },
    { id: 'customer', header: 'Customer', size: 220, cell: orderCustomer },
    { id: 'name', header: 'Project', size: 240 },
    { id: 'dateOrderPlaced', header: 'Ordered On', size: 150, cell: (row) => noWrap(formatDate(row.dateOrderPlaced)) },
    { id: 'statusTypeId', header: 'Status', size: 150, cell: statusOf },
    {
      id: 'totalCost',
      header: 'Quote Value',
      size: 156,
      align: 'right',
      cell: (row) => noWrap(formatCurrency(row.totalCost, row.currency)),
    },
  ];
}
