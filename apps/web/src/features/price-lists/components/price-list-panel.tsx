import { CURRENCIES, CURRENCY_SYMBOLS, msgSaved, type TPriceList } from '@cpq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import { type FieldPath, useForm, useWatch } from 'react-hook-form';
import { ApiError, errorText, saveOf } from '../../../lib/api';
import { FormSelectField } from '../../../ui/form-select-field';
import { FormTextField } from '../../../ui/form-text-field';
import { EditFormFooter, SlideInPanel, useUnsavedChangesGuard } from '../../../ui/generic-list';
import { useToast } from '../../../ui/use-toast';
import { useSavePriceList } from '../hooks/use-price-lists';
import { PriceListEntries } from './price-list-entries';
import { priceListFormDefaults, type TPriceListForm, toPriceListInput, ZPriceListForm } from './price-list-form.schema';

const CURRENCY_OPTIONS = CURRENCIES.map((code) => ({
  value: code,
  label: CURRENCY_SYMBOLS[code].trim() === code ? code : `${code} (${CURRENCY_SYMBOLS[code].trim()})`,
}));

type TPriceListPanelProps = {
  open: boolean;
  /** The price list to edit (as listed), or null to create one. */
  priceList: TPriceList | null;
  onClose: () => void;
};

/** The slide-in create/edit panel of /PriceLists: name, currency, validity and the entries table. */
export function PriceListPanel({ open, priceList, onClose }: TPriceListPanelProps) {
  const toast = useToast();
  const save = useSavePriceList();
  const { control, handleSubmit, setError, formState } = useForm<TPriceListForm>({
    resolver: zodResolver(ZPriceListForm),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: priceListFormDefaults(priceList),
  });
  const currency = useWatch({ control, name: 'currency' });
  const { guard, dialog } = useUnsavedChangesGuard(open && formState.isDirty);
  const handleClose = () => guard(onClose);

  const handleValid = async (values: TPriceListForm) => {
    try {
      await save.mutateAsync(saveOf(priceList, toPriceListInput(values)));
      toast.success(msgSaved(priceList ? 'updated' : 'created', 'Price List'));
      onClose();
    } catch (error) {
      toast.error(errorText(error));
      for (const detail of error instanceof ApiError ? error.details : []) {
        const path = detail.path.replace(/^input\./, '') as FieldPath<TPriceListForm>;
        setError(path, { message: detail.message });
      }
    }
  };

  return (
    <>
      <SlideInPanel
        open={open}
        title={priceList ? `Editing Price List: ${priceList.name}` : 'Create Price List'}
        onClose={handleClose}
        onSubmit={handleSubmit(handleValid)}
        width={980}
        footer={<EditFormFooter showSave isSaving={save.isPending} onCancel={handleClose} />}
      >
        <Stack spacing={2.5}>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <FormTextField control={control} name="name" label="Name" required autoComplete="off" />
            <FormSelectField
              control={control}
              name="currency"
              label="Currency"
              required
              options={CURRENCY_OPTIONS}
              helperText="Quotes of the customers on this list are in this currency."
              fullWidth
              sx={{ flex: { md: '0 0 320px' } }}
            />
          </Stack>
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <FormTextField control={control} name="validFrom" label="Valid From" type="date" isLabelFloating />
            <FormTextField control={control} name="validTo" label="Valid To" type="date" isLabelFloating />
          </Stack>
          <Divider />
          <PriceListEntries control={control} currency={currency} />
        </Stack>
      </SlideInPanel>
      {dialog}
    </>
  );
}
