import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { moveItem, nextId, removeOption, replaceAt, type TOption, usedIds } from '../logic/model-edits';
import { AddButton } from './add-button';
import type { TEditorProps } from './editor-props';
import { OptionEditor } from './option-editor';
import { ReorderList } from './reorder-list';

/** The model's options in order: each with its fields and values; added, reordered and removed here. */
export function OptionsEditor({ model, setModel, errors }: TEditorProps) {
  const handleAdd = () =>
    setModel((current) => {
      const id = nextId('option', usedIds(current));
      const option: TOption = { id, caption: '', kind: 'single', displayType: 'dropdown', values: [] };
      return { ...current, options: [...current.options, option] };
    });
  return (
    <Stack spacing={2}>
      {model.options.length === 0 && (
        <Typography color="text.secondary">No options yet. Add the first choice the buyer makes.</Typography>
      )}
      <ReorderList
        items={model.options}
        labelOf={(option) => option.caption || option.id}
        onMove={(from, to) => setModel((current) => ({ ...current, options: moveItem(current.options, from, to) }))}
        onRemove={(index) => setModel((current) => removeOption(current, index))}
        render={(option, index) => (
          <OptionEditor
            model={model}
            option={option}
            index={index}
            errors={errors}
            setModel={setModel}
            onChange={(next) =>
              setModel((current) => ({ ...current, options: replaceAt(current.options, index, next) }))
            }
          />
        )}
      />
      <AddButton isOutlined onClick={handleAdd}>
        Add option
      </AddButton>
    </Stack>
  );
}
