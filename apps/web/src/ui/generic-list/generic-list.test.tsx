import { MSG, type TPagedQuery } from '@cpq/contracts';
import { act, cleanup, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../test/render';
import { GenericList } from './generic-list';
import type { TListColumn } from './types';
import { useDebouncedSearch } from './use-debounced-search';
import { layoutStorageKey } from './use-list-layout';

type TRow = { id: number; username: string; firstName: string };
const ROWS: TRow[] = Array.from({ length: 30 }, (_, index) => ({
  id: index + 1,
  username: `user${index + 1}@example.com`,
  firstName: `First${index + 1}`,
}));
const COLUMNS: TListColumn<TRow>[] = [
  { id: 'username', header: 'Username' },
  { id: 'firstName', header: 'First Name' },
];

function setup(overrides: Partial<Parameters<typeof GenericList<TRow>>[0]> = {}) {
  const query = vi.fn(async (q: TPagedQuery) => ({
    rows: ROWS.slice(q.offset, q.offset + q.limit),
    count: ROWS.length,
  }));
  renderWithApp(
    <GenericList<TRow>
      listId="people"
      username="ada@example.com"
      title="People"
      queryKey={['people']}
      query={query}
      columns={COLUMNS}
      getRowId={(row) => row.id}
      getRowLabel={(row) => row.username}
      {...overrides}
    />,
  );
  return { query, lastQuery: () => query.mock.calls.at(-1)?.[0] };
}

describe('GenericList', { timeout: 20_000 }, () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('loads the first page with the default page size and the server default order', async () => {
    const { lastQuery } = setup();
    expect(await screen.findByText('user1@example.com')).toBeTruthy();
    expect(lastQuery()).toEqual({ limit: 12, offset: 0 });
    expect(await screen.findByRole('button', { name: 'Page 3' }, { timeout: 10_000 })).toBeTruthy();
  });

  it('sends ASC then DESC when a header is clicked twice', async () => {
    const { lastQuery } = setup();
    await screen.findByText('user1@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Username' }));
    await waitFor(() => expect(lastQuery()?.order).toEqual(['username', 'ASC']));
    fireEvent.click(screen.getByRole('button', { name: 'Username' }));
    await waitFor(() => expect(lastQuery()?.order).toEqual(['username', 'DESC']));
    const header = screen.getAllByRole('columnheader').find((cell) => cell.textContent === 'Username');
    expect(header?.getAttribute('aria-sort')).toBe('descending');
  });

  it('pages with the offset of the chosen page', async () => {
    const { lastQuery } = setup();
    await screen.findByText('user1@example.com');
    fireEvent.click(await screen.findByRole('button', { name: 'Page 3' }, { timeout: 10_000 }));
    await waitFor(() => expect(lastQuery()).toEqual({ limit: 12, offset: 24 }));
    expect(await screen.findByText('user25@example.com')).toBeTruthy();
  });

  it('searches at once on Enter', async () => {
    const { lastQuery } = setup();
    await screen.findByText('user1@example.com');
    const box = screen.getByRole('searchbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: ' ada ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(lastQuery()).toEqual({ limit: 12, offset: 0, search: 'ada' }));
  });

  it('refuses to hide the last visible column', async () => {
    setup();
    await screen.findByText('user1@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Properties' }));
    const panel = await screen.findByRole('dialog', { name: 'Properties' });
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'Username' }));
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'First Name' }));
    expect(await screen.findByText(MSG.atLeastOneColumn)).toBeTruthy();
    expect((within(panel).getByRole('checkbox', { name: 'First Name' }) as HTMLInputElement).checked).toBe(true);
  });

  it('remembers the layout per user and list', async () => {
    setup();
    await screen.findByText('user1@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Properties' }));
    const panel = await screen.findByRole('dialog', { name: 'Properties' });
    fireEvent.click(within(panel).getByRole('checkbox', { name: 'First Name' }));
    fireEvent.keyDown(panel, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Card view' }));
    const saved = JSON.parse(localStorage.getItem(layoutStorageKey('ada@example.com', 'people')) ?? '{}');
    expect(saved.columnVisibility).toEqual({ username: true, firstName: false });
    expect(saved.viewMode).toBe('cards');
    cleanup();
    setup();
    expect(await screen.findByText('user1@example.com')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText('First1')).toBeNull();
    cleanup();
    setup({ username: 'bob@example.com' });
    expect(await screen.findByText('First1')).toBeTruthy();
  });

  it('asks before a bulk delete, listing the names, and never offers excluded rows', async () => {
    const onDelete = vi.fn(async () => undefined);
    setup({
      bulkDelete: {
        question: MSG.deleteUsersQuestion,
        getName: (row) => row.username,
        canSelect: (row) => row.id !== 1,
        onDelete,
      },
    });
    await screen.findByText('user1@example.com');
    expect(screen.queryByRole('checkbox', { name: 'Select user1@example.com' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select user2@example.com' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(MSG.deleteUsersQuestion)).toBeTruthy();
    expect(within(dialog).getByText('user2@example.com')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: MSG.yesDelete }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith([ROWS[1]]));
  });

  it('shows the error with Retry', async () => {
    const query = vi.fn(async () => {
      throw new Error('Server down');
    });
    setup({ query });
    expect(await screen.findByText('Server down')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(query).toHaveBeenCalledTimes(2));
  });

  it('keeps an open row menu open while the list renders again', async () => {
    const onEdit = vi.fn();
    const { lastQuery } = setup({ rowActions: () => [{ label: 'Edit', onClick: onEdit }] });
    fireEvent.click(await screen.findByRole('button', { name: 'Actions for user1@example.com' }));
    expect(screen.getByRole('menuitem', { name: 'Edit' })).toBeTruthy();
    // Anything that renders the list again (here a sort, elsewhere a refetch or a live update) leaves the menu be.
    fireEvent.click(screen.getByRole('button', { name: 'Username', hidden: true }));
    await waitFor(() => expect(lastQuery()?.order).toEqual(['username', 'ASC']));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(onEdit).toHaveBeenCalledTimes(1);
  });
});

describe('useDebouncedSearch', () => {
  afterEach(() => vi.useRealTimers());

  it('searches 500 ms after the last keystroke, and at once on Enter', () => {
    vi.useFakeTimers();
    const onSearch = vi.fn();
    const { result } = renderHook(() => useDebouncedSearch(onSearch));
    act(() => result.current.change('a'));
    act(() => vi.advanceTimersByTime(300));
    act(() => result.current.change('ad'));
    act(() => vi.advanceTimersByTime(499));
    expect(onSearch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('ad');
    act(() => result.current.change('ada'));
    const preventDefault = vi.fn();
    act(() => result.current.handleKeyDown({ key: 'Enter', preventDefault } as never));
    expect(onSearch).toHaveBeenLastCalledWith('ada');
    act(() => vi.advanceTimersByTime(1000));
    expect(onSearch).toHaveBeenCalledTimes(2);
  });
});
