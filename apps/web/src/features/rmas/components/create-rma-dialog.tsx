import { MSG, type TQuoteLine } from '@cpq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { type Control, useController, useForm } from 'react-hook-form';
import { ApiError, errorText } from '../../../lib/api';
import { FormTextField } from '../../../ui/form-text-field';
import { ResponsiveDialog } from '../../../ui/responsive-dialog';
import { useToast } from '../../../ui/use-toast';
import { lineDescription, linePartNumber } from '../../quotes/components/quote-lines';
import { useCreateRma } from '../hooks/use-rmas';
import { rmaFieldOf, rmaFormDefaults, rmaFormSchema, type TRmaForm, type TRmaFormOutput } from './rma-form.schema';

type TCreateRmaDialogProps = {
  quoteId: number;
  /** The line being returned (kept while the dialog fades out). */
  line: TQuoteLine | null;
  open: boolean;
  onClose: () => void;
};

/**
 * 'Create RMA' for one line of an order: Reason, Quantity and 'Enable RMA dispositions', checked on submit. Full
 * screen on phones. It cannot be closed while the RMA is being sent.
 */
export function CreateRmaDialog({ quoteId, line, open, onClose }: TCreateRmaDialogProps) {
  const createRma = useCreateRma(quoteId);
  return (
    <ResponsiveDialog
      open={open && line !== null}
      onClose={createRma.isPending ? undefined : onClose}
      titleId="create-rma-title"
      title="Create RMA"
    >
      {line && <RmaForm key={line.id} line={line} createRma={createRma} onClose={onClose} />}
    </ResponsiveDialog>
  );
}

function DispositionsCheckbox({ control }: { control: Control<TRmaForm, unknown, TRmaFormOutput> }) {
  const { field } = useController({ control, name: 'enableRmaDispositions' });
  return (
    <Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={Boolean(field.value)}
            onChange={(event) => field.onChange(event.target.checked)}
            slotProps={{ input: { ref: field.ref, 'aria-describedby': 'rma-dispositions-hint' } }}
          />
        }
        label="Enable RMA dispositions"
      />
      <FormHelperText id="rma-dispositions-hint" sx={{ mt: -0.5, ml: 4.25 }}>
        Lets the ERP record what happens to the returned items.
      </FormHelperText>
    </Box>
  );
}

type TRmaFormProps = { line: TQuoteLine; createRma: ReturnType<typeof useCreateRma>; onClose: () => void };

function RmaForm({ line, createRma, onClose }: TRmaFormProps) {
  const toast = useToast();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError } = useForm<TRmaForm, unknown, TRmaFormOutput>({
    resolver: zodResolver(rmaFormSchema(line.quantity)),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: rmaFormDefaults(),
  });
  const isSending = createRma.isPending;

  // A second click (or Enter) before the button shows it is busy sends nothing more.
  const isSendingNow = useRef(false);

  const handleValid = async (values: TRmaFormOutput) => {
    if (isSendingNow.current) return;
    isSendingNow.current = true;
    setFailure(null);
    try {
      await createRma.mutateAsync({ lineId: line.id, ...values });
      toast.success(MSG.rmaCreated);
      onClose();
    } catch (error) {
      const details = error instanceof ApiError ? error.details : [];
      let isShownUnderField = false;
      for (const detail of details) {
        const field = rmaFieldOf(detail.path);
        if (field === null) continue;
        setError(field, { message: detail.message });
        isShownUnderField = true;
      }
      if (!isShownUnderField) setFailure(errorText(error));
    } finally {
      isSendingNow.current = false;
    }
  };

  const part = linePartNumber(line) ?? line.productName ?? `Line ${line.id}`;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={handleSubmit(handleValid)}
      sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}
    >
      <DialogContent sx={{ pt: 0.5 }}>
        <Box sx={{ mb: 2.5, px: 2, py: 1.5, borderRadius: 2.5, bgcolor: 'action.hover' }}>
          <Typography sx={{ fontWeight: 650, overflowWrap: 'anywhere' }}>{part}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {[lineDescription(line), `Ordered: ${line.quantity}`].filter(Boolean).join(' · ')}
          </Typography>
        </Box>
        <Stack spacing={2.5}>
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          <FormTextField
            control={control}
            name="reason"
            label="Reason"
            required
            multiline
            minRows={3}
            maxRows={8}
            autoFocus
            disabled={isSending}
          />
          <FormTextField
            control={control}
            name="quantity"
            label="Quantity"
            required
            type="number"
            inputProps={{ inputMode: 'numeric', min: 1, max: line.quantity, step: 1 }}
            helperText={`Whole units, 1 to ${line.quantity}.`}
            disabled={isSending}
            sx={{ maxWidth: { md: 200 } }}
          />
          <DispositionsCheckbox control={control} />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, gap: 1, flexWrap: 'wrap' }}>
        <Button color="inherit" onClick={onClose} disabled={isSending}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={isSending}>
          Create RMA
        </Button>
      </DialogActions>
    </Box>
  );
}
