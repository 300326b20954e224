import { type TQuote, ZQuotePatch } from '@cpq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../../ui/form-text-field';
import { useToast } from '../../../ui/use-toast';
import { useUpdateQuote } from '../hooks/use-quote-mutations';
import { SaveErrorAlert } from './save-error-alert';

/** The PO number: a free string (spec section 5). */
const ZPoNumberForm = ZQuotePatch.pick({ poNumber: true });
type TPoNumberForm = z.input<typeof ZPoNumberForm>;
type TPoNumberFormOutput = z.output<typeof ZPoNumberForm>;

type TPoNumberFormProps = { quote: TQuote; onReload: () => Promise<TQuote | undefined> };

/** The Summary's PO number form (the order itself is placed later, from this panel). */
export function PoNumberForm({ quote, onReload }: TPoNumberFormProps) {
  const toast = useToast();
  const update = useUpdateQuote(quote.id);
  const { control, handleSubmit, reset, formState } = useForm<TPoNumberForm, unknown, TPoNumberFormOutput>({
    resolver: zodResolver(ZPoNumberForm),
    mode: 'onSubmit',
    defaultValues: { poNumber: quote.poNumber ?? '' },
  });
  useEffect(() => {
    if (!formState.isDirty) reset({ poNumber: quote.poNumber ?? '' });
  }, [quote.poNumber, formState.isDirty, reset]);

  const handleValid = (values: TPoNumberFormOutput) =>
    update.mutate(
      { poNumber: values.poNumber || null },
      {
        onSuccess: (saved) => {
          reset({ poNumber: saved.poNumber ?? '' });
          toast.success('PO number saved.');
        },
      },
    );
  const handleReload = async () => {
    update.reset();
    const fresh = await onReload();
    if (fresh) reset({ poNumber: fresh.poNumber ?? '' });
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(handleValid)} aria-label="PO number">
      <Stack spacing={1.5}>
        <SaveErrorAlert error={update.error} onReload={() => void handleReload()} />
        <Stack
          direction={{ xs: 'column', md: 'row', xl: 'column' }}
          sx={{ gap: 1.5, alignItems: { md: 'flex-start', xl: 'stretch' } }}
        >
          <FormTextField control={control} name="poNumber" label="PO Number" autoComplete="off" />
          <Button
            type="submit"
            variant="outlined"
            loading={update.isPending}
            disabled={!formState.isDirty}
            sx={{ flexShrink: 0, minHeight: 56 }}
          >
            Save PO Number
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
