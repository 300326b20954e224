import { msgSaved, type TCustomer } from '@cpq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, errorText, saveOf } from '../../../lib/api';
import { EditFormFooter, SlideInPanel, useUnsavedChangesGuard } from '../../../ui/generic-list';
import { useToast } from '../../../ui/use-toast';
import { useCustomer, useSaveCustomer } from '../hooks/use-customers';
import { customerName } from '../logic/customer-name';
import { CustomerFields } from './customer-fields';
import {
  customerFormDefaults,
  type TCustomerForm,
  type TCustomerFormOutput,
  toCustomerInput,
  ZCustomerForm,
} from './customer-form.schema';

type TCustomerPanelProps = {
  open: boolean;
  /** The customer to edit (as listed), or null to create one. */
  customer: TCustomer | null;
  onClose: () => void;
};

/** The slide-in create/edit panel of /Customers, with the embedded billing-address form. */
export function CustomerPanel({ open, customer, onClose }: TCustomerPanelProps) {
  const toast = useToast();
  const save = useSaveCustomer();
  const fresh = useCustomer(open && customer ? customer.id : null);
  const current = fresh.data ?? customer;
  const { control, handleSubmit, setError, reset, formState } = useForm<TCustomerForm, unknown, TCustomerFormOutput>({
    resolver: zodResolver(ZCustomerForm),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: customerFormDefaults(customer),
  });
  const { guard, dialog } = useUnsavedChangesGuard(open && formState.isDirty);
  const handleClose = () => guard(onClose);

  // The listed row may be older than the record: take the fresh one unless the user has started typing.
  useEffect(() => {
    if (fresh.data && !formState.isDirty) reset(customerFormDefaults(fresh.data));
  }, [fresh.data, formState.isDirty, reset]);

  const handleValid = async (values: TCustomerFormOutput) => {
    try {
      await save.mutateAsync(saveOf(current, toCustomerInput(values, current)));
      toast.success(msgSaved(current ? 'updated' : 'created', 'Customer'));
      onClose();
    } catch (error) {
      toast.error(errorText(error));
      for (const detail of error instanceof ApiError ? error.details : []) {
        const path = detail.path.replace(/^input\./, '') as keyof TCustomerForm;
        setError(path, { message: detail.message });
      }
    }
  };

  return (
    <>
      <SlideInPanel
        open={open}
        title={customer ? `Editing Customer: ${customerName(customer) || customer.erpId}` : 'Create Customer'}
        onClose={handleClose}
        onSubmit={handleSubmit(handleValid)}
        width={560}
        footer={<EditFormFooter showSave isSaving={save.isPending} onCancel={handleClose} />}
      >
        {fresh.isFetching && <LinearProgress aria-label="Loading customer" sx={{ mb: 2 }} />}
        <CustomerFields control={control} />
      </SlideInPanel>
      {dialog}
    </>
  );
}
