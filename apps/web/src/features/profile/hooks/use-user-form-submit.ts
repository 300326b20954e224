import {
  ADMIN_LEVEL,
  MSG,
  SUPER_ADMIN_LEVEL,
  type TMfaEnrollment,
  type TUpdateUserInput,
  type TUser,
} from '@cpq/contracts';
import type { UseFormReturn } from 'react-hook-form';
import { ApiError, errorText } from '../../../lib/api';
import { useToast } from '../../../ui/use-toast';
import { type TUserForm, type TUserFormOutput, userFormDefaults } from '../components/user-form.schema';
import { useCreateUser, useUpdateUser } from './use-user';

type TSubmitOptions = {
  /** The user being edited, or null on create. */
  user: TUser | null;
  viewer: TUser;
  isMfaForced: boolean;
  enrollment: TMfaEnrollment | null;
  clearEnrollment: () => void;
  form: UseFormReturn<TUserForm, unknown, TUserFormOutput>;
  onSaved?: (user: TUser) => void;
};

/** Saves the user form: createUser on create, updateUser with only what changed on edit. */
export function useUserFormSubmit({
  user,
  viewer,
  isMfaForced,
  enrollment,
  clearEnrollment,
  form,
  onSaved,
}: TSubmitOptions) {
  const toast = useToast();
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const canEditRole = viewer.roleLevel >= ADMIN_LEVEL;
  const canChoosePlatform = viewer.roleLevel >= SUPER_ADMIN_LEVEL;

  const save = async (values: TUserFormOutput): Promise<TUser> => {
    const enableMFA = isMfaForced || values.enableMFA;
    const checkoutType = values.checkoutType as TUser['checkoutType'];
    if (!user) {
      const { user: created } = await createUser.mutateAsync({
        username: values.username,
        firstName: values.firstName ?? '',
        lastName: values.lastName ?? '',
        password: values.password,
        roleId: values.roleId || undefined,
        checkoutType,
        ...(canChoosePlatform ? { pid: values.pid } : {}),
        enableMFA,
      });
      return created;
    }
    const input: TUpdateUserInput = { firstName: values.firstName, lastName: values.lastName, enableMFA };
    if (canEditRole && values.roleId !== user.roleId) input.roleId = values.roleId;
    if (canEditRole && checkoutType !== user.checkoutType) input.checkoutType = checkoutType;
    if (canChoosePlatform && values.pid !== user.pid) input.pid = values.pid;
    if (enableMFA && enrollment) input.mfaSecret = enrollment.secret;
    if (values.isUpdatingPassword) {
      input.password = values.password;
      if (user.id === viewer.id) input.currentPassword = values.currentPassword;
    }
    return updateUser.mutateAsync({ id: user.id, version: user.version, input });
  };

  const handleValid = async (values: TUserFormOutput) => {
    try {
      const saved = await save(values);
      toast.success(MSG.userSaved);
      clearEnrollment();
      form.reset(userFormDefaults(saved));
      onSaved?.(saved);
    } catch (error) {
      toast.error(errorText(error));
      for (const detail of error instanceof ApiError ? error.details : []) {
        const field = detail.path.split('.').pop() as keyof TUserForm | undefined;
        if (field && field in values) form.setError(field, { message: detail.message });
      }
    }
  };

  return { handleValid, isSaving: createUser.isPending || updateUser.isPending };
}
