import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import type { TModel } from '../logic/model-edits';
import { JsonPanel } from './json-panel';

const model: TModel = { id: 'desk', name: 'Desk', version: 1, options: [], pages: [], constraints: [] };
const fileOf = (text: string) => new File([text], 'model.json', { type: 'application/json' });

describe('JSON panel', () => {
  afterEach(cleanup);

  it('shows the model, imports a model file and refuses one that is not a model', async () => {
    const onImport = vi.fn();
    const onError = vi.fn();
    renderWithApp(<JsonPanel model={model} fileName="desk.json" onImport={onImport} onError={onError} />);
    expect((screen.getByRole('textbox', { name: 'Model JSON' }) as HTMLTextAreaElement).value).toBe(
      JSON.stringify(model, null, 2),
    );
    const input = screen.getByLabelText('Model JSON file');
    const imported = { ...model, name: 'Imported' };
    fireEvent.change(input, { target: { files: [fileOf(JSON.stringify(imported))] } });
    await waitFor(() => expect(onImport).toHaveBeenCalledWith(imported));
    fireEvent.change(input, { target: { files: [fileOf('[1, 2]')] } });
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    fireEvent.change(input, { target: { files: [fileOf('{ not json')] } });
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(2));
    expect(onImport).toHaveBeenCalledTimes(1);
  });
});
