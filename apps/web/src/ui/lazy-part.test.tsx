import MenuItem from '@mui/material/MenuItem';
import { act, cleanup, render, screen } from '@testing-library/react';
import { type ReactNode, Suspense, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyMenu } from './lazy-overlays';
import { lazyPart } from './lazy-part';

afterEach(cleanup);

describe('lazyPart', () => {
  it('loads once, suspends until then, and renders at once after', async () => {
    const importPart = vi.fn(async () => ({ label }: { label: string }) => <p>{label}</p>);
    const Part = lazyPart(importPart);
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Part label="first" />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(await screen.findByText('first')).toBeTruthy();
    cleanup();
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Part label="second" />
      </Suspense>,
    );
    expect(screen.getByText('second')).toBeTruthy();
    Part.preload();
    expect(importPart).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again on the next call', async () => {
    const importPart = vi
      .fn<() => Promise<() => ReactNode>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(() => <p>back</p>);
    const Part = lazyPart(importPart);
    await expect(Part.load()).rejects.toThrow('offline');
    await Part.load();
    render(<Part />);
    expect(screen.getByText('back')).toBeTruthy();
  });
});

function Kebab() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <button type="button" onClick={(event) => setAnchor(event.currentTarget)}>
        Open
      </button>
      <LazyMenu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem>Edit</MenuItem>
      </LazyMenu>
    </>
  );
}

describe('LazyMenu', () => {
  it('renders nothing while closed and the menu once opened', async () => {
    render(<Kebab />);
    expect(screen.queryByRole('menu')).toBeNull();
    act(() => screen.getByRole('button', { name: 'Open' }).click());
    expect(await screen.findByRole('menuitem', { name: 'Edit' }, { timeout: 10_000 })).toBeTruthy();
  });
});
