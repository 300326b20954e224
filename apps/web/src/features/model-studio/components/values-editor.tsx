import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { moveItem, nextId, removeAt, replaceAt, type TOption, type TOptionValue } from '../logic/model-edits';
import { AddButton } from './add-button';
import { PriceField } from './price-field';
import { ReorderList } from './reorder-list';

type TValuesEditorProps = {
  option: TOption;
  optionIndex: number;
  errors: Record<string, string>;
  onChange: (option: TOption) => void;
};

/** A list option's values in order: value (what rules compare), caption, image and price. */
export function ValuesEditor({ option, optionIndex, errors, onChange }: TValuesEditorProps) {
  const values = option.values ?? [];
  const setValues = (next: TOptionValue[]) => onChange({ ...option, values: next });
  const path = (index: number, field: string) => `options[${optionIndex}].values[${index}].${field}`;
  /** A text field for a value's optional text: emptied, the value goes without it. */
  const optionalField = (value: TOptionValue, index: number, field: 'caption' | 'imageUrl', label: string) => (
    <TextField
      label={label}
      size="small"
      value={value[field] ?? ''}
      onChange={(event) =>
        setValues(
          replaceAt(values, index, { ...value, [field]: event.target.value === '' ? undefined : event.target.value }),
        )
      }
      fullWidth
    />
  );
  return (
    <Stack spacing={1.5} component="section" aria-label={`Values of ${option.caption || option.id}`}>
      <Typography variant="subtitle2" component="h4">
        Values
      </Typography>
      {errors[`options[${optionIndex}].values`] && (
        <Typography color="error" variant="body2">
          {errors[`options[${optionIndex}].values`]}
        </Typography>
      )}
      <ReorderList
        items={values}
        labelOf={(value) => value.caption || value.value}
        onMove={(from, to) => setValues(moveItem(values, from, to))}
        onRemove={(index) => setValues(removeAt(values, index))}
        render={(value, index) => (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
            {optionalField(value, index, 'caption', 'Caption')}
            <TextField
              label="Value"
              size="small"
              value={value.value}
              onChange={(event) => setValues(replaceAt(values, index, { ...value, value: event.target.value }))}
              error={Boolean(errors[path(index, 'value')])}
              helperText={errors[path(index, 'value')]}
              fullWidth
              slotProps={{ htmlInput: { spellCheck: false } }}
            />
            {optionalField(value, index, 'imageUrl', 'Image address')}
            <PriceField
              size="small"
              label="Price"
              cents={value.price}
              onChange={(price) => setValues(replaceAt(values, index, { ...value, price }))}
              serverError={errors[path(index, 'price')]}
            />
          </Stack>
        )}
      />
      <AddButton
        onClick={() =>
          setValues([
            ...values,
            {
              value: nextId(
                'value',
                values.map((entry) => entry.value),
              ),
            },
          ])
        }
      >
        Add value
      </AddButton>
    </Stack>
  );
}
