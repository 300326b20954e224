import { MSG, type TStatusType } from '@cpq/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp } from '../../../test/render';
import { StatusTypePanel } from './status-type-panel';

const field = (name: string) =>
  screen.getByRole(name === 'Name' ? 'textbox' : 'spinbutton', { name }) as HTMLInputElement;

describe('status type panel', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('validates on submit only, with the spec messages', async () => {
    renderWithApp(<StatusTypePanel open statusType={null} onClose={vi.fn()} />);
    fireEvent.change(field('Role Level'), { target: { value: '12' } });
    fireEvent.change(field('Display Order'), { target: { value: '-1' } });
    expect(screen.queryByText(MSG.statusLevelMax)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.statusLevelMax)).toBeTruthy();
    expect(screen.getByText(MSG.displayOrderMin)).toBeTruthy();
    expect(screen.getByText(MSG.fieldRequired)).toBeTruthy();
  });

  it("creates, says 'Successfully created Status Type' and closes", async () => {
    const onClose = vi.fn();
    const fetchMock = mockApi({
      'statusTypesMgmt/createStatusType': () => ({
        body: {
          success: true,
          result: { id: 9, name: 'Won', roleLevel: 5, visible: '1', displayOrder: 2, pid: 'default' },
        },
      }),
    });
    renderWithApp(<StatusTypePanel open statusType={null} onClose={onClose} />);
    fireEvent.change(field('Name'), { target: { value: 'Won' } });
    fireEvent.change(field('Role Level'), { target: { value: '5' } });
    fireEvent.change(field('Display Order'), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Successfully created Status Type')).toBeTruthy();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      input: { name: 'Won', roleLevel: 5, visible: '1', displayOrder: 2 },
    });
  });

  it('sends the version it edits and, when someone else saved first, shows the conflict and stays open', async () => {
    const onClose = vi.fn();
    const fetchMock = mockApi({
      'statusTypesMgmt/updateStatusType': () => ({
        status: 409,
        body: { success: false, error: MSG.conflict, code: 'CONFLICT' },
      }),
    });
    const statusType: TStatusType = {
      version: 3,
      id: 9,
      name: 'Won',
      roleLevel: 5,
      visible: '1',
      displayOrder: 2,
      pid: 'default',
    };
    renderWithApp(<StatusTypePanel open statusType={statusType} onClose={onClose} />);
    fireEvent.change(field('Name'), { target: { value: 'Won big' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(MSG.conflict)).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ id: 9, version: 3 });
  });
});
