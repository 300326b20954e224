import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { TEditorProps } from './editor-props';
import { ParamsEditor } from './params-editor';

/** The model's name, description and image, and its params. */
export function GeneralEditor({ model, setModel, errors }: TEditorProps) {
  const set = (field: 'name' | 'description' | 'imageUrl', value: string) =>
    setModel((current) => ({ ...current, [field]: field === 'name' || value !== '' ? value : undefined }));
  return (
    <Stack spacing={2}>
      <TextField
        label="Model name"
        value={model.name}
        onChange={(event) => set('name', event.target.value)}
        error={Boolean(errors.name)}
        helperText={errors.name}
        required
      />
      <TextField
        label="Description"
        value={model.description ?? ''}
        onChange={(event) => set('description', event.target.value)}
        multiline
        minRows={2}
      />
      <TextField
        label="Image address"
        value={model.imageUrl ?? ''}
        onChange={(event) => set('imageUrl', event.target.value)}
        helperText={errors.imageUrl ?? 'Shown beside the options, e.g. /uploads/desk.png'}
        error={Boolean(errors.imageUrl)}
      />
      <ParamsEditor model={model} setModel={setModel} errors={errors} />
    </Stack>
  );
}
