import { describe, expect, it } from 'vitest';
import { isPagerHidden, pageCountOf, pagerPages } from './pager';
import { moveColumn } from './use-column-drag';
import { nextOrder } from './use-generic-list';

describe('pager', () => {
  it('lists every page up to 4 pages', () => {
    expect(pagerPages(1, pageCountOf(13, 12))).toEqual([1, 2]);
    expect(pagerPages(2, pageCountOf(48, 12))).toEqual([1, 2, 3, 4]);
  });

  it('shows a sliding window of 5 beyond 4 pages', () => {
    const pages = pageCountOf(49, 12);
    expect(pages).toBe(5);
    expect(pagerPages(1, pages)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerPages(1, 30)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerPages(3, 30)).toEqual([1, 2, 3, 4, 5]);
    expect(pagerPages(4, 30)).toEqual([2, 3, 4, 5, 6]);
    expect(pagerPages(17, 30)).toEqual([15, 16, 17, 18, 19]);
    expect(pagerPages(29, 30)).toEqual([26, 27, 28, 29, 30]);
    expect(pagerPages(30, 30)).toEqual([26, 27, 28, 29, 30]);
  });

  it('is hidden when the smallest page size (12) holds every row', () => {
    expect(isPagerHidden(0)).toBe(true);
    expect(isPagerHidden(11)).toBe(true);
    expect(isPagerHidden(12)).toBe(true);
    expect(isPagerHidden(13)).toBe(false);
    expect(isPagerHidden(400)).toBe(false);
  });

  it('counts pages per page size', () => {
    expect(pageCountOf(0, 12)).toBe(1);
    expect(pageCountOf(400, 12)).toBe(34);
    expect(pageCountOf(400, 48)).toBe(9);
    expect(pageCountOf(400, 96)).toBe(5);
  });
});

describe('sorting and reordering', () => {
  it('sorts a new column ascending and flips the sorted one', () => {
    expect(nextOrder(undefined, 'username')).toEqual(['username', 'ASC']);
    expect(nextOrder(['username', 'ASC'], 'username')).toEqual(['username', 'DESC']);
    expect(nextOrder(['username', 'DESC'], 'username')).toEqual(['username', 'ASC']);
    expect(nextOrder(['username', 'DESC'], 'id')).toEqual(['id', 'ASC']);
  });

  it('moves a column onto the place of another', () => {
    expect(moveColumn(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(moveColumn(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
    expect(moveColumn(['a', 'b'], 'a', 'a')).toEqual(['a', 'b']);
    expect(moveColumn(['a', 'b'], 'x', 'a')).toEqual(['a', 'b']);
  });
});
