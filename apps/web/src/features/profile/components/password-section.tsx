import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Control } from 'react-hook-form';
import { FormTextField } from '../../../ui/form-text-field';
import type { TUserForm } from './user-form.schema';

type TPasswordSectionProps = {
  control: Control<TUserForm>;
  isOpen: boolean;
  onToggle: () => void;
  /** A new user: the Password fields always show, without the toggle. */
  isCreating?: boolean;
  /** Users changing their own password confirm the current one first. */
  isOwnAccount?: boolean;
};

/**
 * The 'Update Password' toggle (shows 'Cancel' while open) and the New / Confirm Password fields; on create,
 * Password and Confirm Password without the toggle.
 */
export function PasswordSection({
  control,
  isOpen,
  onToggle,
  isCreating = false,
  isOwnAccount = false,
}: TPasswordSectionProps) {
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <div>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            Password
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {isCreating ? 'The password the new user signs in with.' : 'Choose a new password for signing in.'}
          </Typography>
        </div>
        {!isCreating && (
          <Button variant="outlined" onClick={onToggle} aria-expanded={isOpen} sx={{ flexShrink: 0 }}>
            {isOpen ? 'Cancel' : 'Update Password'}
          </Button>
        )}
      </Stack>
      <Collapse in={isCreating || isOpen} unmountOnExit>
        {isOwnAccount && !isCreating && (
          <Stack sx={{ pt: 1, maxWidth: { md: 'calc(50% - 8px)' } }}>
            <FormTextField
              control={control}
              name="currentPassword"
              label="Current Password"
              type="password"
              autoComplete="current-password"
              required
            />
          </Stack>
        )}
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ pt: 1 }}>
          <FormTextField
            control={control}
            name="password"
            label={isCreating ? 'Password' : 'New Password'}
            type="password"
            autoComplete="new-password"
            required
          />
          <FormTextField
            control={control}
            name="confirmPassword"
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            required
          />
        </Stack>
      </Collapse>
    </Stack>
  );
}
