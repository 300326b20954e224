import { DESCRIPTION_MAX_LENGTH } from '@cpq/contracts';
import Stack from '@mui/material/Stack';
import { type Control, useController } from 'react-hook-form';
import { FormTextField } from '../../../ui/form-text-field';
import { TextInput } from '../../../ui/text-input';
import { stripNewlines, type TProductForm, type TProductFormOutput } from './product-form.schema';

/** The description: newlines become spaces as they are typed or pasted, and a counter shows what is left. */
function DescriptionField({ control }: { control: Control<TProductForm, unknown, TProductFormOutput> }) {
  const { field, fieldState } = useController({ control, name: 'Description' });
  const length = field.value.length;
  const counter = `${length} / ${DESCRIPTION_MAX_LENGTH}`;
  return (
    <TextInput
      label="Description"
      name={field.name}
      value={field.value}
      onChange={(event) => field.onChange(stripNewlines(event.target.value))}
      onBlur={field.onBlur}
      inputRef={field.ref}
      multiline
      minRows={3}
      maxRows={8}
      error={Boolean(fieldState.error) || length > DESCRIPTION_MAX_LENGTH}
      helperText={
        <span style={{ display: 'flex', justifyContent: 'space-between', gap: 16 }}>
          <span>{fieldState.error?.message ?? 'Line breaks are not kept.'}</span>
          <span aria-live="polite" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {counter}
          </span>
        </span>
      }
    />
  );
}

/** Name, part number and description. */
export function ProductDetailsFields({ control }: { control: Control<TProductForm, unknown, TProductFormOutput> }) {
  return (
    <Stack spacing={2.5}>
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2}>
        <FormTextField control={control} name="Name" label="Name" required autoComplete="off" />
        <FormTextField control={control} name="ProductNumber" label="Part #" required autoComplete="off" />
      </Stack>
      <DescriptionField control={control} />
    </Stack>
  );
}
