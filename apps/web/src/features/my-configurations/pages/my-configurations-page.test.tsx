import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeUser, mockApi, renderWithApp, requestBodies } from '../../../test/render';
import { MyConfigurationsPage } from './my-configurations-page';

const session = makeSession({ user: makeUser() });

describe('MyConfigurationsPage', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for the first page, newest first; with none says how to start and opens the catalog', async () => {
    const fetchMock = mockApi({
      'configurator/getConfigurations': () => ({ body: { success: true, result: { rows: [], count: 0 } } }),
      'productManagement/getProducts': () => ({ body: { success: true, result: { rows: [], count: 0 } } }),
    });
    renderWithApp(<MyConfigurationsPage />, { route: '/MyConfigurations', session });
    expect(await screen.findByText('No finished configurations yet')).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      limit: 12,
      offset: 0,
      order: ['createdDate', 'DESC'],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Product Catalog' }));
    expect(await screen.findByRole('dialog', { name: 'Product Catalog' })).toBeTruthy();
  });

  it('lists complete configurations unless Show incomplete is switched on', async () => {
    const fetchMock = mockApi({
      'configurator/getConfigurations': () => ({ body: { success: true, result: { rows: [], count: 0 } } }),
    });
    renderWithApp(<MyConfigurationsPage />, { route: '/MyConfigurations', session });
    const toggle = await screen.findByRole('switch', { name: 'Show incomplete' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(requestBodies(fetchMock, 'configurator/getConfigurations')).toHaveLength(2));
    expect(requestBodies(fetchMock, 'configurator/getConfigurations')[1]).toEqual({
      limit: 12,
      offset: 0,
      order: ['createdDate', 'DESC'],
      includeIncomplete: true,
    });
  });

  it('a failed load says why and offers Retry', async () => {
    mockApi({
      'configurator/getConfigurations': () => ({
        status: 503,
        body: { success: false, error: 'The server is busy. Try again in a minute.', code: 'UNAVAILABLE' },
      }),
    });
    renderWithApp(<MyConfigurationsPage />, { route: '/MyConfigurations', session });
    expect(await screen.findByText('The server is busy. Try again in a minute.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
