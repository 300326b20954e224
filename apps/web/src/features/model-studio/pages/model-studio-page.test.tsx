import { MSG, type TModelDraft, type TProductView } from '@cpq/contracts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp, requestBodies } from '../../../test/render';
import { ModelStudioPage } from './model-studio-page';

const product = { ID: 7, Name: 'Desk', ProductNumber: 'DESK-1', modelId: null } as TProductView;
const draft: TModelDraft = {
  productId: 7,
  version: 3,
  model: { id: 'desk', name: 'Desk', version: 1, options: [], pages: [], constraints: [] },
  isSaved: true,
  publishedVersion: 2,
  updatedBy: 'ada@example.com',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
const ok = (result: unknown) => ({ body: { success: true, result } });

function renderStudio() {
  return renderWithApp(
    <Routes>
      <Route path="/Products/edit/:id/model" element={<ModelStudioPage />} />
    </Routes>,
    { route: '/Products/edit/7/model' },
  );
}

describe('model studio page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('saves at the version read, and on a conflict offers to reload instead of overwriting', async () => {
    const fetchMock = mockApi({
      'productManagement/getProduct': () => ok(product),
      'productManagement/getModelDraft': () => ok(draft),
      'productManagement/saveModelDraft': () => ({
        status: 409,
        body: { success: false, error: MSG.modelDraftStale, code: 'CONFLICT', details: [] },
      }),
    });
    renderStudio();
    expect(await screen.findByRole('heading', { name: 'Model: Desk' })).toBeTruthy();
    expect(screen.getByText('In use: version 2')).toBeTruthy();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Model name' }), {
      target: { value: 'Standing desk' },
    });
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'The draft changed' });
    expect(dialog.textContent).toContain(MSG.modelDraftStale);
    expect(requestBodies(fetchMock, 'productManagement/saveModelDraft')).toEqual([
      { productId: 7, version: 3, model: { ...draft.model, name: 'Standing desk' } },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Reload the draft' }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Model name' }) as HTMLInputElement).value).toBe('Desk'),
    );
    expect(requestBodies(fetchMock, 'productManagement/getModelDraft')).toHaveLength(2);
  });

  it('shows a refused save’s problems at their fields', async () => {
    mockApi({
      'productManagement/getProduct': () => ok(product),
      'productManagement/getModelDraft': () => ok(draft),
      'productManagement/saveModelDraft': () => ({
        status: 400,
        body: {
          success: false,
          error: 'This is not a valid configuration model.',
          code: 'VALIDATION_FAILED',
          details: [{ path: 'model.name', message: 'Give the model a name.' }],
        },
      }),
    });
    renderStudio();
    fireEvent.change(await screen.findByRole('textbox', { name: 'Model name' }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Give the model a name.')).toBeTruthy();
  });
});
