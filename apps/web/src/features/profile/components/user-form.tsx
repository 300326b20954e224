import {
  ADMIN_LEVEL,
  MSG,
  msgEditingUser,
  SUPER_ADMIN_LEVEL,
  type TMfaEnrollment,
  type TPlatformView,
  type TPublicPlatform,
  type TUser,
} from '@cpq/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { BreakableText } from '../../../ui/breakable-text';
import { FormSelectField } from '../../../ui/form-select-field';
import { FormTextField } from '../../../ui/form-text-field';
import { EditFormFooter, useUnsavedChangesGuard } from '../../../ui/generic-list';
import { useToast } from '../../../ui/use-toast';
import { usePlatforms, useRoles } from '../hooks/use-form-options';
import { useMfaSecret } from '../hooks/use-user';
import { useUserFormSubmit } from '../hooks/use-user-form-submit';
import { MfaSection } from './mfa-section';
import { PasswordSection } from './password-section';
import {
  newUserFormDefaults,
  type TUserForm,
  type TUserFormOutput,
  userFormDefaults,
  ZUserForm,
} from './user-form.schema';

/** Only 'order' is offered (spec); a stored 'stripe' still shows. */
const CHECKOUT_OPTIONS = [{ value: 'order', label: 'Order' }];

type TUserFormProps = {
  /** The user to edit; absent on create. */
  user?: TUser;
  viewer: TUser;
  viewerPlatform: TPlatformView | TPublicPlatform | null;
  /** Cancel (asks first when there are unsaved changes). */
  onDone: () => void;
  onSaved?: (user: TUser) => void;
  /** Shows Delete (edit only). */
  onDelete?: () => void;
  isDeleting?: boolean;
};

/** The user form: create ('Create User') or edit ('Editing User: {username}'), for My Profile and Users. */
export function UserForm({ user, viewer, viewerPlatform, onDone, onSaved, onDelete, isDeleting }: TUserFormProps) {
  const toast = useToast();
  const isCreating = !user;
  const getSecret = useMfaSecret();
  const roles = useRoles(viewer.roleLevel);
  const platforms = usePlatforms(viewer.roleLevel);
  const [enrollment, setEnrollment] = useState<TMfaEnrollment | null>(null);
  const form = useForm<TUserForm, unknown, TUserFormOutput>({
    resolver: zodResolver(ZUserForm),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: user ? userFormDefaults(user) : newUserFormDefaults(viewer.pid),
  });
  const { control, handleSubmit, watch, setValue, formState } = form;
  const { guard, dialog } = useUnsavedChangesGuard(formState.isDirty);

  const canEditRole = viewer.roleLevel >= ADMIN_LEVEL;
  const canChoosePlatform = viewer.roleLevel >= SUPER_ADMIN_LEVEL;
  const isSelf = viewer.id === user?.id;
  const pid = watch('pid');
  const platformList = platforms.data?.rows ?? (viewerPlatform ? [viewerPlatform] : []);
  const chosenPlatform = platformList.find((platform) => platform.id === pid) ?? viewerPlatform;
  const isMfaForced = chosenPlatform?.requireMFA === '1';
  const roleOptions = canEditRole
    ? (roles.data?.rows ?? []).map((role) => ({ value: role.id, label: role.name }))
    : user
      ? [{ value: user.roleId, label: user.roleName }]
      : [];
  const platformOptions = platformList.map((platform) => ({ value: platform.id, label: platform.name }));
  const { handleValid, isSaving } = useUserFormSubmit({
    user: user ?? null,
    viewer,
    isMfaForced,
    enrollment,
    clearEnrollment: () => setEnrollment(null),
    form,
    onSaved,
  });

  // A new user gets the level-0 role once the roles are known (spec section 6), without counting as a change.
  const roleRows = roles.data?.rows;
  useEffect(() => {
    if (!isCreating || form.getValues('roleId')) return;
    const base = roleRows?.find((role) => role.roleLevel === 0);
    if (base) form.resetField('roleId', { defaultValue: base.id });
  }, [isCreating, roleRows, form]);

  const handleMfaToggle = async (checked: boolean) => {
    setValue('enableMFA', checked, { shouldDirty: true });
    if (!checked) return setEnrollment(null);
    // A new secret is only needed when no authenticator is enrolled; only the user can enrol their own.
    if (!isSelf || user?.hasMfaSecret) return;
    try {
      setEnrollment(await getSecret.mutateAsync());
    } catch {
      setValue('enableMFA', false);
      toast.error(MSG.cannotGenerateSecret);
    }
  };

  const isUpdatingPassword = watch('isUpdatingPassword');
  const togglePassword = () => {
    setValue('isUpdatingPassword', !isUpdatingPassword);
    setValue('password', '');
    setValue('confirmPassword', '');
  };
  const title = user ? msgEditingUser(user.username) : 'Create User';

  return (
    <Card component="form" noValidate onSubmit={handleSubmit(handleValid)} aria-labelledby="user-form-title">
      <Box sx={{ px: { xs: 2.5, md: 4 }, pt: { xs: 2.5, md: 3.5 }, pb: 2 }}>
        <Typography
          id="user-form-title"
          variant="h2"
          component="h1"
          sx={{ overflowWrap: 'break-word', fontSize: { xs: '1.25rem', md: '1.625rem' } }}
        >
          <BreakableText text={title} />
        </Typography>
      </Box>
      <Divider />
      <Stack spacing={3} sx={{ px: { xs: 2.5, md: 4 }, py: 3 }}>
        {user ? (
          <TextField label="Email Address" value={user.username} slotProps={{ input: { readOnly: true } }} />
        ) : (
          <FormTextField
            control={control}
            name="username"
            label="Email Address"
            type="email"
            autoComplete="off"
            required
          />
        )}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <FormTextField
            control={control}
            name="firstName"
            label="First Name"
            autoComplete={isSelf ? 'given-name' : 'off'}
          />
          <FormTextField
            control={control}
            name="lastName"
            label="Last Name"
            autoComplete={isSelf ? 'family-name' : 'off'}
          />
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
        <PasswordSection
          control={control}
          isOpen={isUpdatingPassword}
          onToggle={togglePassword}
          isCreating={isCreating}
          isOwnAccount={isSelf}
        />
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
      <EditFormFooter
        onCancel={() => guard(onDone)}
        showSave
        isSaving={isSaving}
        onDelete={user ? onDelete : undefined}
        isDeleting={isDeleting}
      />
      {dialog}
    </Card>
  );
}
