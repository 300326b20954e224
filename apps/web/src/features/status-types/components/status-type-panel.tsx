import { msgSaved, type TStatusType } from '@cpq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ApiError, errorText, saveOf } from '../../../lib/api';
import { EditFormFooter, SlideInPanel, useUnsavedChangesGuard } from '../../../ui/generic-list';
import { useToast } from '../../../ui/use-toast';
import { useSaveStatusType } from '../hooks/use-status-types';
import { StatusTypeFields } from './status-type-fields';
import {
  statusTypeFormDefaults,
  type TStatusTypeForm,
  type TStatusTypeFormOutput,
  toStatusTypeInput,
  ZStatusTypeForm,
} from './status-type-form.schema';

type TStatusTypePanelProps = {
  open: boolean;
  /** The status type to edit, or null to create one. */
  statusType: TStatusType | null;
  onClose: () => void;
};

/** The slide-in create/edit panel of /StatusTypes. */
export function StatusTypePanel({ open, statusType, onClose }: TStatusTypePanelProps) {
  const toast = useToast();
  const save = useSaveStatusType();
  const { control, handleSubmit, setError, formState } = useForm<TStatusTypeForm, unknown, TStatusTypeFormOutput>({
    resolver: zodResolver(ZStatusTypeForm),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: statusTypeFormDefaults(statusType),
  });
  const { guard, dialog } = useUnsavedChangesGuard(open && formState.isDirty);
  const handleClose = () => guard(onClose);

  const handleValid = async (values: TStatusTypeFormOutput) => {
    try {
      await save.mutateAsync(saveOf(statusType, toStatusTypeInput(values)));
      toast.success(msgSaved(statusType ? 'updated' : 'created', 'Status Type'));
      onClose();
    } catch (error) {
      toast.error(errorText(error));
      for (const detail of error instanceof ApiError ? error.details : []) {
        const field = detail.path.split('.').pop() as keyof TStatusTypeForm | undefined;
        if (field && field in values) setError(field, { message: detail.message });
      }
    }
  };

  return (
    <>
      <SlideInPanel
        open={open}
        title={statusType ? `Editing Status Type: ${statusType.name}` : 'Create Status Type'}
        onClose={handleClose}
        onSubmit={handleSubmit(handleValid)}
        width={480}
        footer={<EditFormFooter showSave isSaving={save.isPending} onCancel={handleClose} />}
      >
        <StatusTypeFields control={control} />
      </SlideInPanel>
      {dialog}
    </>
  );
}
