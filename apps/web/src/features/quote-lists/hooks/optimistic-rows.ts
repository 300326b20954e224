import type { TPagedQuery, TQuote } from '@cpq/contracts';
import type { TPage } from '../../../ui/generic-list';
import type { TQuoteRow } from '../components/quote-columns';

/**
 * The cache edits behind the lists' optimistic copy and delete. Each takes one cached page (the generic list keys
 * a page by its paged query) and answers the page as it should look now, or the same page when it is not affected.
 */

/**
 * The copy as a row before the server answers, as copyQuote makes it: the source's project, contact and value under
 * the new GUID; a type 1 quote of the caller's, created now, unlocked, with no status.
 */
export function pendingCopy(source: TQuoteRow, guid: string, createdByEmail: string, now: Date): TQuoteRow {
  const stamp = now.toISOString();
  return {
    ...source,
    // No id until the server answers; a negative one keeps the row key unique meanwhile.
    id: -now.getTime(),
    _id: guid,
    type: 1,
    isLocked: false,
    statusTypeId: null,
    createdByEmail,
    createdDate: stamp,
    createdAt: stamp,
    updatedAt: stamp,
    isPending: true,
  };
}

/**
 * Adds the copy at the top of the page that shows its source (the newest quote comes first in the default order),
 * keeping the page at its size, and counts it.
 */
export function withCopy(
  page: TPage<TQuoteRow>,
  sourceId: number,
  copy: TQuoteRow,
  query?: TPagedQuery,
): TPage<TQuoteRow> {
  if (!page.rows.some((row) => row.id === sourceId)) return page;
  const limit = query?.limit ?? page.rows.length + 1;
  return { rows: [copy, ...page.rows].slice(0, limit), count: page.count + 1 };
}

/** Puts the server's copy in place of the pending row (same GUID). */
export function withSavedCopy(page: TPage<TQuoteRow>, saved: TQuote): TPage<TQuoteRow> {
  if (!page.rows.some((row) => row._id === saved._id)) return page;
  const { lines: _lines, contact: _contact, billingAddress: _billing, shippingAddress: _shipping, ...row } = saved;
  return { ...page, rows: page.rows.map((current) => (current._id === saved._id ? row : current)) };
}

/** Takes the row out of the page and one off the count. */
export function withoutRow(page: TPage<TQuoteRow>, id: number): TPage<TQuoteRow> {
  if (!page.rows.some((row) => row.id === id)) return page;
  return { rows: page.rows.filter((row) => row.id !== id), count: Math.max(0, page.count - 1) };
}

/** The paged query a list page was cached under (the last element of its key), when it is one. */
export function pagedQueryOf(queryKey: readonly unknown[]): TPagedQuery | undefined {
  const last = queryKey.at(-1);
  return typeof last === 'object' && last !== null && 'limit' in last ? (last as TPagedQuery) : undefined;
}
