import { PAGE_SIZES } from '@cpq/contracts';

/** Up to 4 page numbers are listed; beyond that a sliding window of 5 (spec section 9). */
const MAX_LISTED = 4;
const WINDOW = 5;

export const pageCountOf = (count: number, pageSize: number): number => Math.max(1, Math.ceil(count / pageSize));

/**
 * The page numbers (1-based) the pager shows for `page` of `pageCount`: all of them up to 4 pages, otherwise a
 * window of 5 centred on the current page and kept inside 1..pageCount.
 */
export function pagerPages(page: number, pageCount: number): number[] {
  if (pageCount <= MAX_LISTED) return Array.from({ length: pageCount }, (_, index) => index + 1);
  const start = Math.min(Math.max(1, page - Math.floor(WINDOW / 2)), pageCount - WINDOW + 1);
  return Array.from({ length: WINDOW }, (_, index) => start + index);
}

/** The pager is hidden entirely when the smallest page size holds every row. */
export const isPagerHidden = (count: number): boolean => PAGE_SIZES[0] >= count;
