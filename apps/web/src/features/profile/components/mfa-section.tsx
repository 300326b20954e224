import { MSG, type TMfaEnrollment } from '@cpq/contracts';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import { lazy, Suspense, useState } from 'react';
import { useToast } from '../../../ui/use-toast';

const AuthenticatorEnrollment = lazy(() =>
  import('../../../ui/authenticator-enrollment').then((m) => ({ default: m.AuthenticatorEnrollment })),
);

type TMfaSectionProps = {
  checked: boolean;
  /** The platform requires multi-factor: the box stays ticked and cannot be changed. */
  isForced: boolean;
  isLoading: boolean;
  enrollment: TMfaEnrollment | null;
  onToggle: (checked: boolean) => void;
};

/** 'Enable Multi-Factor Authentication', with the enrolment code once a new secret is generated. */
export function MfaSection({ checked, isForced, isLoading, enrollment, onToggle }: TMfaSectionProps) {
  const toast = useToast();
  const [showForcedNote, setShowForcedNote] = useState(false);
  const handleChange = (next: boolean) => {
    if (isForced) {
      setShowForcedNote(true);
      toast.warning(MSG.mfaRequiredByPlatform);
      return;
    }
    onToggle(next);
  };
  return (
    <Stack spacing={1.5}>
      <div>
        <FormControlLabel
          control={
            <Checkbox
              checked={isForced || checked}
              onChange={(event) => handleChange(event.target.checked)}
              slotProps={{ input: { 'aria-describedby': 'mfa-help' } }}
            />
          }
          label="Enable Multi-Factor Authentication"
          disabled={isLoading}
        />
        <FormHelperText id="mfa-help" sx={{ mt: 0, ml: 4 }}>
          {isForced && showForcedNote
            ? MSG.mfaRequiredByPlatform
            : 'Ask for a code from an authenticator app at every sign-in.'}
        </FormHelperText>
      </div>
      {enrollment && checked && (
        <Suspense fallback={null}>
          <AuthenticatorEnrollment secret={enrollment.secret} qrCode={enrollment.qrCode} layout="responsive" />
        </Suspense>
      )}
    </Stack>
  );
}
