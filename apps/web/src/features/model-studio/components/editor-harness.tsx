import { fireEvent, screen } from '@testing-library/react';
import { type ComponentType, useState } from 'react';
import type { TModel } from '../logic/model-edits';
import type { TEditorProps } from './editor-props';

/** For the editors' tests: a model with nothing in it yet. */
export const emptyModel: TModel = { id: 'desk', name: 'Desk', version: 1, options: [], pages: [], constraints: [] };

/** For the editors' tests: renders an editor on a model held in state, and shows the model as JSON to read back. */
export function EditorHarness({
  editor: Editor,
  initial,
  errors = {},
}: {
  editor: ComponentType<TEditorProps>;
  initial: TModel;
  errors?: Record<string, string>;
}) {
  const [model, setModel] = useState(initial);
  return (
    <>
      <Editor model={model} setModel={(update) => setModel(update)} errors={errors} />
      <output data-testid="model">{JSON.stringify(model)}</output>
    </>
  );
}

/** The model the harness holds now. */
export const harnessModel = (): TModel => JSON.parse(screen.getByTestId('model').textContent ?? '{}') as TModel;

/** Types a whole new text into a field. */
export const typeInto = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });
