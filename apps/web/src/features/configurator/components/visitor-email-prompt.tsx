import { MSG, ZCreateVisitorRequest } from '@cpq/contracts';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { errorText } from '../../../lib/api';
import { TextInput } from '../../../ui/text-input';
import { returnStateOf, type TReturnState } from '../../auth/logic/return-path';

type TVisitorEmailPromptProps = {
  initialEmail: string;
  isPending: boolean;
  /** The failed sign-up: an address with an account (409) gets a sign-in link, anything else its message. */
  error: unknown;
  isExistingAccount: boolean;
  onSubmit: (email: string) => void;
};

/** The visitor flow's first step: 'Please enter your email to save your configuration.' */
export function VisitorEmailPrompt(props: TVisitorEmailPromptProps) {
  const { initialEmail, isPending, error, isExistingAccount, onSubmit } = props;
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const location = useLocation();
  // Sign in comes back to this configurator, with the address already typed in the form.
  const signInState: TReturnState = { ...returnStateOf(location), username: email.trim() };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZCreateVisitorRequest.safeParse({ email });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? MSG.invalidEmail);
      return;
    }
    setFieldError(null);
    onSubmit(parsed.data.email);
  };
  return (
    <Paper
      component="form"
      noValidate
      onSubmit={handleSubmit}
      aria-labelledby="visitor-email-title"
      sx={{ width: '100%', maxWidth: 480, mx: 'auto', p: { xs: 3, sm: 4 }, borderRadius: 4 }}
      variant="outlined"
    >
      <Stack spacing={2.5}>
        <EmailOutlinedIcon color="primary" sx={{ fontSize: 40 }} aria-hidden />
        <Typography id="visitor-email-title" variant="h2" component="h1">
          Save your configuration
        </Typography>
        <Typography color="text.secondary">{MSG.emailToSave}</Typography>
        <TextInput
          label="Email Address"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={Boolean(fieldError)}
          helperText={fieldError ?? undefined}
          disabled={isPending}
        />
        {isExistingAccount ? (
          <Alert severity="info">
            An account with this email address already exists.{' '}
            <Link component={RouterLink} to="/Login" state={signInState} sx={{ fontWeight: 600 }}>
              Sign in
            </Link>{' '}
            to save this configuration to it: you come back here once you are in.
          </Alert>
        ) : (
          error !== null &&
          error !== undefined && (
            <Alert severity="error">{`${errorText(error)} Check the address and try again.`}</Alert>
          )
        )}
        <Button type="submit" variant="contained" size="large" loading={isPending}>
          Start configuring
        </Button>
      </Stack>
    </Paper>
  );
}
