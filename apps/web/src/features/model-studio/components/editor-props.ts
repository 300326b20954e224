import type { TModel } from '../logic/model-edits';

/** What every part of the studio's editor gets: the model, a way to change it, and field errors by model path. */
export type TEditorProps = {
  model: TModel;
  setModel: (update: (model: TModel) => TModel) => void;
  errors: Record<string, string>;
};
