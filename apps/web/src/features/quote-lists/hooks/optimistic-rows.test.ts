import type { TQuote } from '@cpq/contracts';
import { describe, expect, it } from 'vitest';
import type { TQuoteRow } from '../components/quote-columns';
import { pagedQueryOf, pendingCopy, withCopy, withoutRow, withSavedCopy } from './optimistic-rows';

const quote = (id: number): TQuoteRow => ({
  id,
  _id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  name: `Project ${id}`,
  type: 1,
  totalCost: '10.00',
  createdByEmail: 'owner@example.com',
  createdDate: '2026-01-01T00:00:00.000Z',
  isLocked: true,
  statusTypeId: 4,
});
const page = { rows: [quote(3), quote(2), quote(1)], count: 7 };
const guid = '6f1c2b0e-8a1d-4c3e-9f00-123456789abc';
const now = new Date('2026-05-06T07:08:09.000Z');

describe('optimistic copy and delete', () => {
  it('a pending copy is the source under the new GUID: type 1, unlocked, no status, the caller’s, created now, no id yet', () => {
    const copy = pendingCopy(quote(2), guid, 'me@example.com', now);
    expect(copy).toMatchObject({
      _id: guid,
      name: 'Project 2',
      totalCost: '10.00',
      type: 1,
      isLocked: false,
      statusTypeId: null,
      createdByEmail: 'me@example.com',
      createdDate: '2026-05-06T07:08:09.000Z',
      isPending: true,
    });
    expect(copy.id).toBeLessThan(0);
  });

  it('adds the copy at the top of the page that shows the source, keeps the page size and counts it', () => {
    const copy = pendingCopy(quote(2), guid, 'me@example.com', now);
    const next = withCopy(page, 2, copy, { limit: 3, offset: 0 });
    expect(next.rows.map((row) => row._id)).toEqual([guid, quote(3)._id, quote(2)._id]);
    expect(next.count).toBe(8);
    expect(withCopy(page, 99, copy, { limit: 3, offset: 0 })).toBe(page);
  });

  it('puts the server’s copy in place of the pending one', () => {
    const copy = pendingCopy(quote(2), guid, 'me@example.com', now);
    const pending = withCopy(page, 2, copy, { limit: 12, offset: 0 });
    const saved = { ...quote(2), id: 40, _id: guid, lines: [], contact: null } as unknown as TQuote;
    const next = withSavedCopy(pending, saved);
    expect(next.rows[0]).toMatchObject({ id: 40, _id: guid });
    expect(next.rows[0]).not.toHaveProperty('isPending');
    expect(next.rows[0]).not.toHaveProperty('lines');
    expect(next.count).toBe(8);
  });

  it('removes a deleted row and decrements the count; other pages stay as they were', () => {
    const next = withoutRow(page, 2);
    expect(next.rows.map((row) => row.id)).toEqual([3, 1]);
    expect(next.count).toBe(6);
    expect(withoutRow(page, 99)).toBe(page);
  });

  it('reads the paged query from a list page’s key', () => {
    expect(pagedQueryOf(['quotes', 'list', { type: 1 }, { limit: 12, offset: 0 }])).toEqual({ limit: 12, offset: 0 });
    expect(pagedQueryOf(['quotes', 7])).toBeUndefined();
  });
});
