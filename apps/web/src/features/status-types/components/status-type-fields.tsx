import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { type Control, useController } from 'react-hook-form';
import { FormTextField } from '../../../ui/form-text-field';
import type { TStatusTypeForm, TStatusTypeFormOutput } from './status-type-form.schema';

/** Name, the lowest role level that may use the status, visibility and display order. */
export function StatusTypeFields({ control }: { control: Control<TStatusTypeForm, unknown, TStatusTypeFormOutput> }) {
  const { field: visible } = useController({ control, name: 'visible' });
  return (
    <Stack spacing={2.5}>
      <FormTextField control={control} name="name" label="Name" required autoComplete="off" />
      <FormTextField
        control={control}
        name="roleLevel"
        label="Role Level"
        required
        type="number"
        inputProps={{ min: 0, max: 9, step: 1, inputMode: 'numeric' }}
        helperText="0 Public, 1 Registered, 5 System Admin, 9 Super Admin."
      />
      <FormTextField
        control={control}
        name="displayOrder"
        label="Display Order"
        required
        type="number"
        inputProps={{ min: 0, step: 1, inputMode: 'numeric' }}
      />
      <FormControlLabel
        control={<Switch checked={visible.value} onChange={(event) => visible.onChange(event.target.checked)} />}
        label="Visible"
      />
    </Stack>
  );
}
