import { afterEach, describe, expect, it } from 'vitest';
import { defaultLayout, layoutStorageKey, readLayout } from './use-list-layout';

const columns = [{ id: 'a' }, { id: 'b' }, { id: 'c', isHiddenByDefault: true }];

describe('list layout', () => {
  afterEach(() => localStorage.clear());

  it('keys the layout by user and list', () => {
    expect(layoutStorageKey('ada@example.com', 'users')).toBe('cpq.listLayout.v1:ada@example.com:users');
    expect(layoutStorageKey('bob@example.com', 'users')).not.toBe(layoutStorageKey('ada@example.com', 'users'));
  });

  it('falls back to the defaults, with columns hidden by default', () => {
    expect(readLayout('missing', defaultLayout(columns))).toEqual({
      columnVisibility: { a: true, b: true, c: false },
      columnOrder: ['a', 'b', 'c'],
      columnSizing: {},
      viewMode: 'table',
      pageSize: 12,
    });
  });

  it('merges a stored layout with columns added or removed since', () => {
    localStorage.setItem(
      'k',
      JSON.stringify({
        columnVisibility: { a: false, gone: true },
        columnOrder: ['b', 'gone', 'a'],
        columnSizing: { a: 300, gone: 10 },
        viewMode: 'cards',
        pageSize: 48,
      }),
    );
    expect(readLayout('k', defaultLayout(columns))).toEqual({
      columnVisibility: { a: false, b: true, c: false },
      columnOrder: ['b', 'a', 'c'],
      columnSizing: { a: 300 },
      viewMode: 'cards',
      pageSize: 48,
    });
  });

  it('ignores malformed or impossible layouts', () => {
    localStorage.setItem('bad', '{not json');
    expect(readLayout('bad', defaultLayout(columns)).columnOrder).toEqual(['a', 'b', 'c']);
    localStorage.setItem('none', JSON.stringify({ columnVisibility: { a: false, b: false }, pageSize: 13 }));
    expect(readLayout('none', defaultLayout(columns))).toEqual(defaultLayout(columns));
  });
});
