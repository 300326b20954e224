import Add from '@mui/icons-material/Add';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type Control, useFieldArray, useFormState } from 'react-hook-form';
import { FormTextField } from '../../../ui/form-text-field';
import type { TPlatformForm, TPlatformFormOutput } from './platform-form.schema';

type TEmailListEditorProps = { control: Control<TPlatformForm, unknown, TPlatformFormOutput> };

/**
 * The platform's notification addresses: one field per address, each checked on save ('Invalid email address.'),
 * with add and remove; the last remaining address cannot be removed.
 */
export function EmailListEditor({ control }: TEmailListEditorProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'emailAddresses' });
  const { errors } = useFormState({ control, name: 'emailAddresses' });
  const listError = errors.emailAddresses?.root?.message ?? errors.emailAddresses?.message;
  const isLast = fields.length <= 1;
  return (
    <Stack component="fieldset" spacing={1.5} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ fontWeight: 650, p: 0 }}>
        Notification E-mail Addresses
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: '2px !important' }}>
        Order updates are sent to these addresses.
      </Typography>
      {fields.map((field, index) => (
        <Stack key={field.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <FormTextField
            control={control}
            name={`emailAddresses.${index}.value`}
            label={`E-mail Address ${index + 1}`}
            type="email"
            autoComplete="off"
            required={index === 0}
          />
          <Tooltip title={isLast ? 'At least one address is needed' : 'Remove address'}>
            <span>
              <IconButton
                aria-label={`Remove e-mail address ${index + 1}`}
                onClick={() => remove(index)}
                disabled={isLast}
                sx={{ mt: 1 }}
              >
                <DeleteOutlined />
              </IconButton>
            </span>
          </Tooltip>
        </Stack>
      ))}
      {listError && <FormHelperText error>{listError}</FormHelperText>}
      <div>
        <Button startIcon={<Add />} onClick={() => append({ value: '' }, { shouldFocus: true })}>
          Add E-mail Address
        </Button>
      </div>
    </Stack>
  );
}
