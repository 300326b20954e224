import { EM_DASH, lockRefusal, type TQuote } from '@cpq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { FormSelectField } from '../../../ui/form-select-field';
import { FormTextField } from '../../../ui/form-text-field';
import { useToast } from '../../../ui/use-toast';
import { useUpdateQuote } from '../hooks/use-quote-mutations';
import { useQuoteStatusTypes } from '../hooks/use-status-types';
import {
  detailsFormDefaults,
  type TDetailsForm,
  type TDetailsFormOutput,
  toDetailsPatch,
  ZDetailsForm,
} from './details-form.schema';
import { SaveErrorAlert } from './save-error-alert';

/** The contact's name and company as the Details tab shows the customer. */
export function customerLabel(quote: Pick<TQuote, 'contact'>): string {
  const contact = quote.contact;
  const name = [contact?.firstName, contact?.lastName].filter(Boolean).join(' ');
  return [name, contact?.companyName].filter(Boolean).join(', ') || EM_DASH;
}

/** 'Details saved.', and when the save changed the status, what the status is now (by name). */
export function savedMessage(
  before: Pick<TQuote, 'statusTypeId'>,
  saved: Pick<TQuote, 'id' | 'statusTypeId'>,
  statusTypes: readonly { id: number; name: string }[],
): string {
  if (saved.statusTypeId === before.statusTypeId) return 'Details saved.';
  if (saved.statusTypeId === null) return `Details saved. Quote #${saved.id} has no status now.`;
  const name = statusTypes.find((status) => status.id === saved.statusTypeId)?.name;
  return name ? `Details saved. Quote #${saved.id} is now ${name}.` : 'Details saved. The status was changed.';
}

type TDetailsTabProps = {
  quote: TQuote;
  /** Reads the quote again; answers it (undefined when that failed too). */
  onReload: () => Promise<TQuote | undefined>;
};

/** The Details tab: Project Name, Customer (read-only), Status, Created By (read-only) and Notes. */
export function DetailsTab({ quote, onReload }: TDetailsTabProps) {
  const toast = useToast();
  const update = useUpdateQuote(quote.id);
  const isLocked = lockRefusal(quote) !== null;
  const statusTypes = useQuoteStatusTypes();
  const { control, handleSubmit, reset, formState } = useForm<TDetailsForm, unknown, TDetailsFormOutput>({
    resolver: zodResolver(ZDetailsForm),
    mode: 'onSubmit',
    defaultValues: detailsFormDefaults(quote),
  });
  // A newer quote (a save here, or Reload after a conflict) shows unless the user is typing.
  useEffect(() => {
    if (!formState.isDirty) reset(detailsFormDefaults(quote));
  }, [quote, formState.isDirty, reset]);

  const handleValid = (values: TDetailsFormOutput) =>
    update.mutate(toDetailsPatch(values), {
      onSuccess: (saved) => {
        reset(detailsFormDefaults(saved));
        toast.success(savedMessage(quote, saved, statusTypes.data ?? []));
      },
    });
  const handleReload = async () => {
    update.reset();
    const fresh = await onReload();
    if (fresh) reset(detailsFormDefaults(fresh));
  };
  const options = (statusTypes.data ?? []).map((status) => ({ value: String(status.id), label: status.name }));

  return (
    <Card component="form" noValidate onSubmit={handleSubmit(handleValid)} sx={{ p: { xs: 2, md: 3 }, maxWidth: 760 }}>
      <Typography variant="h4" component="h2" sx={{ mb: 2.5 }}>
        Details
      </Typography>
      <Stack spacing={2.5}>
        <SaveErrorAlert error={update.error} onReload={() => void handleReload()} />
        <FormTextField control={control} name="name" label="Project Name" autoComplete="off" disabled={isLocked} />
        <TextField label="Customer" value={customerLabel(quote)} slotProps={{ htmlInput: { readOnly: true } }} />
        <FormSelectField
          control={control}
          name="statusTypeId"
          label="Status"
          placeholder={statusTypes.isPending && statusTypes.fetchStatus !== 'idle' ? 'Loading…' : 'Select a Status'}
          options={options}
          disabled={isLocked}
          helperText={statusTypes.isError ? 'The statuses could not be loaded. Reload the page to try again.' : ''}
          fullWidth
        />
        <TextField label="Created By" value={quote.createdByEmail} slotProps={{ htmlInput: { readOnly: true } }} />
        <FormTextField control={control} name="notes" label="Notes" multiline minRows={4} disabled={isLocked} />
        <Stack direction="row" sx={{ justifyContent: 'flex-end', gap: 1, display: isLocked ? 'none' : 'flex' }}>
          <Button color="inherit" disabled={!formState.isDirty || update.isPending} onClick={() => reset()}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={update.isPending} disabled={!formState.isDirty}>
            Save
          </Button>
        </Stack>
      </Stack>
    </Card>
  );
}
