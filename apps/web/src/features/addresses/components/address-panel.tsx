import { msgSaved, type TAddress } from '@cpq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ApiError, errorText, saveOf } from '../../../lib/api';
import { EditFormFooter, SlideInPanel, useUnsavedChangesGuard } from '../../../ui/generic-list';
import { useToast } from '../../../ui/use-toast';
import { useSaveAddress } from '../hooks/use-addresses';
import {
  addressFormDefaults,
  type TAddressForm,
  type TAddressFormOutput,
  toAddressInput,
  ZAddressForm,
} from './address-form.schema';
import { AddressFormFields } from './address-form-fields';

type TAddressPanelProps = {
  open: boolean;
  /** The address to edit, or null to create one. */
  address: TAddress | null;
  onClose: () => void;
};

/** The side panel of /Addresses: create or edit one address. */
export function AddressPanel({ open, address, onClose }: TAddressPanelProps) {
  const toast = useToast();
  const save = useSaveAddress();
  const { control, handleSubmit, setError, formState } = useForm<TAddressForm, unknown, TAddressFormOutput>({
    resolver: zodResolver(ZAddressForm),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: addressFormDefaults(address),
  });
  const { guard, dialog } = useUnsavedChangesGuard(open && formState.isDirty);
  const handleClose = () => guard(onClose);

  const handleValid = async (values: TAddressFormOutput) => {
    try {
      await save.mutateAsync(saveOf(address, toAddressInput(values)));
      toast.success(msgSaved(address ? 'updated' : 'created', 'Address'));
      onClose();
    } catch (error) {
      toast.error(errorText(error));
      for (const detail of error instanceof ApiError ? error.details : []) {
        const field = detail.path.split('.').pop() as keyof TAddressForm | undefined;
        if (field && field in values) setError(field, { message: detail.message });
      }
    }
  };

  return (
    <>
      <SlideInPanel
        open={open}
        title={address ? `Editing Address ${address.id}` : 'Create Address'}
        onClose={handleClose}
        onSubmit={handleSubmit(handleValid)}
        width={520}
        footer={<EditFormFooter showSave isSaving={save.isPending} onCancel={handleClose} />}
      >
        <AddressFormFields control={control} />
      </SlideInPanel>
      {dialog}
    </>
  );
}
