import { formatCurrency, formatDate, orDash, type TQuoteListRow } from '@cpq/contracts';
import Chip from '@mui/material/Chip';
import type { ReactNode } from 'react';
import type { TListColumn } from '../../../ui/generic-list';

/** A row of the quote lists: a server row, or a copy shown before the server has answered (no id of its own yet). */
export type TQuoteRow = TQuoteListRow & { isPending?: boolean };

/** The customer as the lists show it: the contact's first and last name, or an em dash. */
export function customerName(row: Pick<TQuoteRow, 'firstName' | 'lastName'>): string {
  return orDash([row.firstName, row.lastName].filter(Boolean).join(' ').trim());
}

/** The status type's name for the row's statusTypeId, or an em dash (no status, or one the caller cannot see). */
export function statusName(row: Pick<TQuoteRow, 'statusTypeId'>, names: ReadonlyMap<number, string>): string {
  return orDash(row.statusTypeId == null ? null : names.get(row.statusTypeId));
}

/** '#12', or an em dash while a copy waits for its number. */
export const quoteNumber = (row: TQuoteRow): string => (row.isPending ? orDash(null) : `#${row.id}`);

type TColumnOptions = {
  statusNames: ReadonlyMap<number, string>;
  /** The admin list adds the creator's e-mail address. */
  hasCreatedBy: boolean;
  /** A super admin's list spans platforms: it adds each quote's platform. */
  hasPlatform?: boolean;
  /** The quote requests variant: who asked and who took each request, instead of status, customer and creator. */
  isRequests?: boolean;
};

/** A request's taker, or a chip saying that it waits for one. */
export function takenByCell(row: Pick<TQuoteRow, 'takenBy'>): ReactNode {
  return row.takenBy ? row.takenBy : <Chip label="Open" size="small" color="warning" variant="outlined" />;
}

/** A cell that keeps its text on one line (numbers, dates, amounts). */
export const noWrap = (text: string) => <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;

/**
 * The columns of the quotes lists (spec "Quotes list"): #, Status, Customer, Project, Created On (MM/DD/YYYY) and
 * Quote Value ($1,234.50); the admin list adds Created By after Customer. The quote requests variant shows
 * Requested By and Taken By in place of Status and Customer. Actions are the generic list's row menu, the last column.
 */
export function quoteColumns({
  statusNames,
  hasCreatedBy,
  hasPlatform = false,
  isRequests = false,
}: TColumnOptions): TListColumn<TQuoteRow>[] {
  const columns: TListColumn<TQuoteRow>[] = [
    { id: 'id', header: '#', size: 84, cell: (row) => noWrap(quoteNumber(row)) },
  ];
  if (isRequests) {
    columns.push(
      {
        id: 'requestedBy',
        header: 'Requested By',
        size: 240,
        sortField: false,
        cell: (row) => orDash(row.requestedBy),
      },
      { id: 'takenBy', header: 'Taken By', size: 220, sortField: false, cell: takenByCell },
    );
  } else {
    columns.push(
      { id: 'statusTypeId', header: 'Status', size: 140, cell: (row) => statusName(row, statusNames) },
      { id: 'customer', header: 'Customer', size: 180, cell: customerName },
    );
  }
  if (hasCreatedBy && !isRequests) {
    columns.push({ id: 'createdByEmail', header: 'Created By', size: 220 });
  }
  if (hasPlatform) columns.push({ id: 'pid', header: 'Platform', size: 130, sortField: false });
  columns.push(
    { id: 'name', header: 'Project', size: 220 },
    { id: 'createdDate', header: 'Created On', size: 150, cell: (row) => noWrap(formatDate(row.createdDate)) },
    {
      id: 'totalCost',
      header: 'Quote Value',
      size: 156,
      align: 'right',
      cell: (row) => noWrap(formatCurrency(row.totalCost, row.currency)),
    },
  );
  return columns;
}
