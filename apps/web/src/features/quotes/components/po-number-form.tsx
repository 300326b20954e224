import { type TQuote, ZPoNumber, ZQuotePatch } from '@cpq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import ShoppingCartCheckoutOutlined from '@mui/icons-material/ShoppingCartCheckoutOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../../ui/form-text-field';
import { useToast } from '../../../ui/use-toast';
import { CheckoutErrorAlert } from '../../checkout/components/checkout-error-alert';
import { usePlaceOrder } from '../../checkout/hooks/use-checkout';
import { orderBlock } from '../../checkout/logic/order-blocks';
import { useUpdateQuote } from '../hooks/use-quote-mutations';
import { SaveErrorAlert } from './save-error-alert';

/** The PO number: a free string to save (spec section 5); placing the order needs one (ZPoNumber). */
const ZPoNumberForm = ZQuotePatch.pick({ poNumber: true });
type TPoNumberForm = z.input<typeof ZPoNumberForm>;
type TPoNumberFormOutput = z.output<typeof ZPoNumberForm>;

type TPoNumberFormProps = { quote: TQuote; onReload: () => Promise<TQuote | undefined> };

/**
 * The Summary's PO panel (checkout by purchase order): the PO Number, prefilled from the quote, and 'Place Order'
 * (placeOrder with the number typed and the version on screen). Enter saves the number without ordering.
 */
export function PoNumberForm({ quote, onReload }: TPoNumberFormProps) {
  const toast = useToast();
  const update = useUpdateQuote(quote.id);
  const order = usePlaceOrder(quote);
  const block = orderBlock(quote);
  const { control, handleSubmit, reset, setError, formState } = useForm<TPoNumberForm, unknown, TPoNumberFormOutput>({
    resolver: zodResolver(ZPoNumberForm),
    mode: 'onSubmit',
    defaultValues: { poNumber: quote.poNumber ?? '' },
  });
  useEffect(() => {
    if (!formState.isDirty) reset({ poNumber: quote.poNumber ?? '' });
  }, [quote.poNumber, formState.isDirty, reset]);

  const handleSave = (values: TPoNumberFormOutput) =>
    update.mutate(
      { poNumber: values.poNumber || null },
      {
        onSuccess: (saved) => {
          reset({ poNumber: saved.poNumber ?? '' });
          toast.success('PO number saved.');
        },
      },
    );
  const handlePlaceOrder = (values: TPoNumberFormOutput) => {
    if (block) {
      toast.warning(block);
      return;
    }
    const poNumber = ZPoNumber.safeParse(values.poNumber ?? '');
    if (!poNumber.success) {
      setError('poNumber', { message: poNumber.error.issues[0]?.message }, { shouldFocus: true });
      return;
    }
    order.submit(poNumber.data);
  };
  const handleReload = async () => {
    update.reset();
    order.reset();
    const fresh = await onReload();
    if (fresh) reset({ poNumber: fresh.poNumber ?? '' });
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(handleSave)} aria-label="Purchase order">
      <Stack spacing={1.5}>
        {block && <Alert severity="info">{block}</Alert>}
        <SaveErrorAlert error={update.error} onReload={() => void handleReload()} />
        <CheckoutErrorAlert error={order.error} onReload={() => void handleReload()} />
        <FormTextField control={control} name="poNumber" label="PO Number" autoComplete="off" />
        <Stack
          direction={{ xs: 'column', md: 'row', xl: 'column' }}
          sx={{ gap: 1, alignItems: { md: 'center', xl: 'stretch' } }}
        >
          <Button
            type="button"
            variant="contained"
            size="large"
            loading={order.isPending}
            loadingPosition="start"
            startIcon={<ShoppingCartCheckoutOutlined />}
            disabled={block !== null}
            onClick={handleSubmit(handlePlaceOrder)}
            sx={{ flexShrink: 0, minHeight: 48 }}
          >
            Place Order
          </Button>
          <Button
            type="submit"
            variant="outlined"
            loading={update.isPending}
            disabled={!formState.isDirty || order.isPending}
            sx={{ flexShrink: 0, minHeight: 48 }}
          >
            Save PO Number
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
