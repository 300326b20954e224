import {
  ADMIN_LEVEL,
  MSG,
  msgEditingUser,
  SUPER_ADMIN_LEVEL,
  type TMfaEnrollment,
  type TPlatformView,
  type TPublicPlatform,
  type TUpdateUserInput,
  type TUser,
} from '@cpq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError, errorText } from '../../../lib/api';
import { FormSelectField } from '../../../ui/form-select-field';
import { FormTextField } from '../../../ui/form-text-field';
import { useToast } from '../../../ui/use-toast';
import { usePlatforms, useRoles } from '../hooks/use-form-options';
import { useMfaSecret, useUpdateUser } from '../hooks/use-user';
import { MfaSection } from './mfa-section';
import { PasswordSection } from './password-section';
import { type TUserForm, type TUserFormOutput, userFormDefaults, ZUserForm } from './user-form.schema';

/** Only 'order' is offered (spec); a stored 'stripe' still shows. */
const CHECKOUT_OPTIONS = [{ value: 'order', label: 'Order' }];

type TUserFormProps = {
  user: TUser;
  viewer: TUser;
  viewerPlatform: TPlatformView | TPublicPlatform | null;
  onDone: () => void;
};

/** The user form in edit mode, as My Profile uses it. */
export function UserForm({ user, viewer, viewerPlatform, onDone }: TUserFormProps) {
  const toast = useToast();
  const updateUser = useUpdateUser();
  const getSecret = useMfaSecret();
  const roles = useRoles(viewer.roleLevel);
  const platforms = usePlatforms(viewer.roleLevel);
  const [enrollment, setEnrollment] = useState<TMfaEnrollment | null>(null);
  const { control, handleSubmit, watch, setValue, reset, setError } = useForm<TUserForm, unknown, TUserFormOutput>({
    resolver: zodResolver(ZUserForm),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: userFormDefaults(user),
  });

  const canEditRole = viewer.roleLevel >= ADMIN_LEVEL;
  const canChoosePlatform = viewer.roleLevel >= SUPER_ADMIN_LEVEL;
  const isSelf = viewer.id === user.id;
  const pid = watch('pid');
  const platformList = platforms.data?.rows ?? (viewerPlatform ? [viewerPlatform] : []);
  const chosenPlatform = platformList.find((platform) => platform.id === pid) ?? viewerPlatform;
  const isMfaForced = chosenPlatform?.requireMFA === '1';
  const roleOptions = canEditRole
    ? (roles.data?.rows ?? []).map((role) => ({ value: role.id, label: role.name }))
    : [{ value: user.roleId, label: user.roleName }];
  const platformOptions = platformList.map((platform) => ({ value: platform.id, label: platform.name }));

  const handleMfaToggle = async (checked: boolean) => {
    setValue('enableMFA', checked);
    if (!checked) return setEnrollment(null);
    // A new secret is only needed when no authenticator is enrolled; only the user can enrol their own.
    if (!isSelf || user.hasMfaSecret) return;
    try {
      setEnrollment(await getSecret.mutateAsync());
    } catch {
      setValue('enableMFA', false);
      toast.error(MSG.cannotGenerateSecret);
    }
  };

  const handleValid = async (values: TUserFormOutput) => {
    const enableMFA = isMfaForced || values.enableMFA;
    const input: TUpdateUserInput = { firstName: values.firstName, lastName: values.lastName, enableMFA };
    if (canEditRole && values.roleId !== user.roleId) input.roleId = values.roleId;
    if (canEditRole && values.checkoutType !== user.checkoutType) input.checkoutType = values.checkoutType as 'order';
    if (canChoosePlatform && values.pid !== user.pid) input.pid = values.pid;
    if (enableMFA && enrollment) input.mfaSecret = enrollment.secret;
    if (values.isUpdatingPassword) input.password = values.password;
    try {
      const saved = await updateUser.mutateAsync({ id: user.id, input });
      toast.success(MSG.userSaved);
      setEnrollment(null);
      reset(userFormDefaults(saved));
    } catch (error) {
      toast.error(errorText(error));
      for (const detail of error instanceof ApiError ? error.details : []) {
        const field = detail.path.split('.').pop() as keyof TUserForm | undefined;
        if (field && field in values) setError(field, { message: detail.message });
      }
    }
  };

  const isUpdatingPassword = watch('isUpdatingPassword');
  const togglePassword = () => {
    setValue('isUpdatingPassword', !isUpdatingPassword);
    setValue('password', '');
    setValue('confirmPassword', '');
  };

  return (
    <Card component="form" noValidate onSubmit={handleSubmit(handleValid)} aria-labelledby="user-form-title">
      <Box sx={{ px: { xs: 2.5, md: 4 }, pt: { xs: 2.5, md: 3.5 }, pb: 2 }}>
        <Typography id="user-form-title" variant="h2" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {msgEditingUser(user.username)}
        </Typography>
      </Box>
      <Divider />
      <Stack spacing={3} sx={{ px: { xs: 2.5, md: 4 }, py: 3 }}>
        <TextField label="Email Address" value={user.username} slotProps={{ input: { readOnly: true } }} />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <FormTextField control={control} name="firstName" label="First Name" autoComplete="given-name" />
          <FormTextField control={control} name="lastName" label="Last Name" autoComplete="family-name" />
        </Stack>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <FormSelectField
            control={control}
            name="roleId"
            label="User Role"
            options={roleOptions}
            disabled={!canEditRole}
          />
          <FormSelectField
            control={control}
            name="checkoutType"
            label="Checkout Type"
            options={CHECKOUT_OPTIONS}
            disabled={!canEditRole}
            required
          />
        </Stack>
        <FormSelectField
          control={control}
          name="pid"
          label="Platform"
          placeholder="Select a Value"
          options={platformOptions}
          disabled={!canChoosePlatform}
          required
        />
        <Divider />
        <PasswordSection control={control} isOpen={isUpdatingPassword} onToggle={togglePassword} />
        <Divider />
        <MfaSection
          checked={watch('enableMFA')}
          isForced={isMfaForced}
          isLoading={getSecret.isPending}
          enrollment={enrollment}
          onToggle={(checked) => void handleMfaToggle(checked)}
        />
      </Stack>
      <Divider />
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end', px: { xs: 2.5, md: 4 }, py: 2 }}>
        <Button type="button" color="inherit" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" loading={updateUser.isPending}>
          Save
        </Button>
      </Stack>
    </Card>
  );
}
