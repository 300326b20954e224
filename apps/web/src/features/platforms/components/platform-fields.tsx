import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { type Control, useController } from 'react-hook-form';
import { FormSelectField } from '../../../ui/form-select-field';
import { FormTextField } from '../../../ui/form-text-field';
import { EmailListEditor } from './email-list-editor';
import { INTEGRATION_OPTIONS, type TPlatformForm, type TPlatformFormOutput } from './platform-form.schema';

function FlagSwitch({
  control,
  name,
  label,
}: {
  control: Control<TPlatformForm, unknown, TPlatformFormOutput>;
  name: 'requireMFA' | 'requireHttps';
  label: string;
}) {
  const { field } = useController({ control, name });
  return (
    <FormControlLabel
      control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
      label={label}
    />
  );
}

/** The platform settings: id (create only), name, notification e-mails, integration, security and the order label. */
export function PlatformFields({
  control,
  isCreate,
}: {
  control: Control<TPlatformForm, unknown, TPlatformFormOutput>;
  isCreate: boolean;
}) {
  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {isCreate && (
          <FormTextField
            control={control}
            name="id"
            label="Platform Id"
            required
            autoComplete="off"
            helperText="Letters, digits, hyphens and underscores; cannot be changed later."
          />
        )}
        <FormTextField control={control} name="name" label="Name" required autoComplete="organization" />
      </Stack>
      <EmailListEditor control={control} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <FormSelectField
          control={control}
          name="integration"
          label="Integration"
          options={INTEGRATION_OPTIONS}
          required
        />
        <FormTextField
          control={control}
          name="csiOrderCompleteString"
          label="Order Complete Label"
          required
          helperText="The order status that counts as complete."
        />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 0.5, md: 4 }}>
        <FlagSwitch control={control} name="requireMFA" label="Require Multi-Factor Authentication" />
        <FlagSwitch control={control} name="requireHttps" label="Require HTTPS" />
      </Stack>
    </Stack>
  );
}
