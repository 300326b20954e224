import type { TProductView } from '@cpq/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeSession, makeUser, mockApi, renderWithApp } from '../../../test/render';
import { ProductForm } from './product-form';

const product: TProductView = {
  version: 1,
  ID: 4,
  Name: 'U-lock',
  Description: 'Steel lock',
  ProductNumber: 'BK-LOCK-U',
  ApplicationInstance: null,
  ApplicationName: null,
  HeaderId: null,
  Profile: null,
  ImageUrl: null,
  Ruleset: null,
  Namespace: null,
  Server: null,
  isNonConfigurable: true,
  defaultPrice: '54.0000',
  isQuickConfig: false,
  showInCatalog: true,
  quantityInStock: 75,
  createdByEmail: null,
  pid: 'default',
  modelId: null,
};

const sessionAt = (roleLevel: number) => makeSession({ user: makeUser({ roleLevel }) });
const noModels = { 'productManagement/getModels': () => ({ body: { success: true, result: { rows: [], count: 0 } } }) };

describe('product form', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('titles the form and offers Delete only to level 9', () => {
    mockApi(noModels);
    renderWithApp(<ProductForm product={product} />, { session: sessionAt(5) });
    expect(screen.getByRole('heading', { name: 'Editing Product: U-lock' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    cleanup();
    renderWithApp(<ProductForm product={product} />, { session: sessionAt(9) });
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    cleanup();
    renderWithApp(<ProductForm product={null} />, { session: sessionAt(9) });
    expect(screen.getByRole('heading', { name: 'Create Product' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('shows stock and price for a fixed price, the configuration fields for a configurable product', () => {
    mockApi(noModels);
    renderWithApp(<ProductForm product={product} />, { session: sessionAt(9) });
    expect((screen.getByRole('textbox', { name: 'Fixed Price' }) as HTMLInputElement).value).toBe('54.00');
    expect(screen.queryByRole('textbox', { name: 'Ruleset' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Configurable' }));
    expect(screen.getByRole('textbox', { name: 'Ruleset' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: /Quick Configure/ })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Fixed Price' })).toBeNull();
  });

  it('saves a configurable product with stock and price null, and toasts the server message on failure', async () => {
    const bodies: unknown[] = [];
    mockApi({
      ...noModels,
      'productManagement/updateProduct': (body) => {
        bodies.push(body);
        return { status: 409, body: { success: false, error: 'Part number taken.', code: 'CONFLICT', details: [] } };
      },
    });
    renderWithApp(<ProductForm product={product} />, { session: sessionAt(9) });
    fireEvent.click(screen.getByRole('button', { name: 'Configurable' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Part number taken.')).toBeTruthy();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({
      id: 4,
      input: { isNonConfigurable: false, quantityInStock: null, defaultPrice: null },
    });
  });
});
