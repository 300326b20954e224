import { ROLE_ID, type TRole } from '@cpq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ApiError, errorText, saveOf } from '../../../lib/api';
import { FormSelectField } from '../../../ui/form-select-field';
import { FormTextField } from '../../../ui/form-text-field';
import { ConfirmDialog, EditFormFooter, SlideInPanel, useUnsavedChangesGuard } from '../../../ui/generic-list';
import { useToast } from '../../../ui/use-toast';
import { useDeleteRole, useSaveRole } from '../hooks/use-roles';
import {
  ROLE_LEVEL_OPTIONS,
  roleFormDefaults,
  type TRoleForm,
  type TRoleFormOutput,
  ZRoleForm,
} from './role-form.schema';

/** Messages the spec leaves open (kept here, not in contracts, which do not list them). */
export const ROLE_MESSAGES = {
  saved: 'Role saved successfully!',
  deleted: (name: string) => `Deleted the role "${name}".`,
  deleteWarning: (name: string) =>
    `Deleting "${name}" breaks the application for every user assigned to this role. Are you sure you want to delete it?`,
  builtInLevel: 'The level of a built-in role cannot be changed.',
  readOnly: 'Only Super Admins can change roles.',
} as const;

const BUILT_IN: ReadonlySet<string> = new Set(Object.values(ROLE_ID));

type TRolePanelProps = {
  open: boolean;
  /** The role to edit, or null to create one. */
  role: TRole | null;
  canManage: boolean;
  onClose: () => void;
};

/** The side panel editing one role: 'Editing Role' with Role Name, Description and Role Access Level. */
export function RolePanel({ open, role, canManage, onClose }: TRolePanelProps) {
  const toast = useToast();
  const saveRole = useSaveRole();
  const deleteRole = useDeleteRole();
  const [isConfirming, setIsConfirming] = useState(false);
  const form = useForm<TRoleForm, unknown, TRoleFormOutput>({
    resolver: zodResolver(ZRoleForm),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: roleFormDefaults(role),
  });
  const { guard, dialog } = useUnsavedChangesGuard(form.formState.isDirty);
  const isBuiltIn = role !== null && BUILT_IN.has(role.id);

  const handleValid = async (values: TRoleFormOutput) => {
    try {
      await saveRole.mutateAsync(saveOf(role, values));
      toast.success(ROLE_MESSAGES.saved);
      onClose();
    } catch (error) {
      toast.error(errorText(error));
      for (const detail of error instanceof ApiError ? error.details : []) {
        const field = detail.path.split('.').pop();
        if (field === 'name' || field === 'description' || field === 'roleLevel') {
          form.setError(field, { message: detail.message });
        }
      }
    }
  };

  const handleDelete = async () => {
    if (!role) return;
    try {
      await deleteRole.mutateAsync(role.id);
      setIsConfirming(false);
      toast.success(ROLE_MESSAGES.deleted(role.name));
      onClose();
    } catch (error) {
      setIsConfirming(false);
      toast.error(errorText(error));
    }
  };

  return (
    <SlideInPanel
      open={open}
      title={role ? 'Editing Role' : 'Create Role'}
      onClose={() => guard(onClose)}
      onSubmit={form.handleSubmit(handleValid)}
      footer={
        canManage ? (
          <EditFormFooter
            showSave
            isSaving={saveRole.isPending}
            onCancel={() => guard(onClose)}
            onDelete={role && !isBuiltIn ? () => setIsConfirming(true) : undefined}
            isDeleting={deleteRole.isPending}
          />
        ) : (
          <EditFormFooter onClose={onClose} />
        )
      }
    >
      <Stack spacing={2.5}>
        {!canManage && <Alert severity="info">{ROLE_MESSAGES.readOnly}</Alert>}
        <FormTextField control={form.control} name="name" label="Role Name" required disabled={!canManage} />
        <FormTextField
          control={form.control}
          name="description"
          label="Description"
          multiline
          minRows={3}
          disabled={!canManage}
        />
        <FormSelectField
          control={form.control}
          name="roleLevel"
          label="Role Access Level"
          options={ROLE_LEVEL_OPTIONS}
          disabled={!canManage || isBuiltIn}
          helperText={isBuiltIn ? ROLE_MESSAGES.builtInLevel : 'Higher levels open more of the application.'}
          required
        />
        <Controller
          control={form.control}
          name="showsMargin"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch
                  checked={field.value ?? false}
                  onChange={(event) => field.onChange(event.target.checked)}
                  onBlur={field.onBlur}
                  disabled={!canManage}
                />
              }
              label="Sees cost and margin on quotes (administrators always do)"
            />
          )}
        />
      </Stack>
      {role && (
        <ConfirmDialog
          open={isConfirming}
          title="Delete role"
          message={ROLE_MESSAGES.deleteWarning(role.name)}
          isPending={deleteRole.isPending}
          onConfirm={() => void handleDelete()}
          onCancel={() => setIsConfirming(false)}
        />
      )}
      {dialog}
    </SlideInPanel>
  );
}
