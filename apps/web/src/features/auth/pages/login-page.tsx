import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, startTransition, useState } from 'react';
import { useLocation } from 'react-router';
import type { TPendingCode } from '../components/auth-forms.schema';
import { AuthLayout } from '../components/auth-layout';
import { CredentialsForm } from '../components/credentials-form';
import { SignUpCard } from '../components/sign-up-card';
import { signInUsername } from '../logic/return-path';

// Only the credentials step shows at first: the others load at the visitor's first key or tap, before they are asked
// for, and the step changes in a transition, so the current step stays on screen until the next one is there.
const loadSteps = () => import('../components/sign-in-steps');
const ForgotPasswordForm = lazy(() => loadSteps().then((m) => ({ default: m.ForgotPasswordForm })));
const MailboxCodeForm = lazy(() => loadSteps().then((m) => ({ default: m.MailboxCodeForm })));
const PasscodeForm = lazy(() => loadSteps().then((m) => ({ default: m.PasscodeForm })));
const preloadSteps = () => void loadSteps().catch(() => undefined);

type TStage = { name: 'credentials' } | { name: 'forgot' } | { name: 'mailbox' | 'code'; pending: TPendingCode };

const HEADINGS = {
  credentials: { title: 'Sign in', subtitle: 'Welcome back. Sign in with your e-mail address and password.' },
  forgot: { title: 'Reset your password', subtitle: 'We will e-mail you a link to choose a new password.' },
  mailbox: {
    title: 'Check your e-mail',
    subtitle: 'Before you set up an authenticator app, confirm that this e-mail address is yours.',
  },
  code: { title: 'Two-step verification', subtitle: 'Enter the code your authenticator app shows for Open CPQ.' },
  enrol: {
    title: 'Set up two-step verification',
    subtitle: 'Add Open CPQ to an authenticator app, then enter its code.',
  },
} as const;

/**
 * /Login (and / when signed out): credentials, forgot password, the mailbox code of a first enrolment (a departure
 * from the spec, see the README), and the authenticator code stage.
 */
export function LoginPage() {
  const [stage, setStageNow] = useState<TStage>({ name: 'credentials' });
  const setStage = (next: TStage) => startTransition(() => setStageNow(next));
  const location = useLocation();
  const [username, setUsername] = useState(() => signInUsername(location));
  const showCredentials = () => setStage({ name: 'credentials' });
  const showCode = (pending: TPendingCode) => {
    setUsername(pending.username);
    setStage({ name: pending.mailboxCheck ? 'mailbox' : 'code', pending });
  };
  const heading = HEADINGS[stage.name === 'code' && stage.pending.enrollment ? 'enrol' : stage.name];

  return (
    <AuthLayout onActivity={preloadSteps}>
      <Card component="section" aria-labelledby="auth-title">
        <CardContent sx={{ p: { xs: 2.5, md: 4 }, '&:last-child': { pb: { xs: 3, md: 4 } } }}>
          <Typography id="auth-title" variant="h2" component="h1">
            {heading.title}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.75, mb: 3 }}>
            {heading.subtitle}
          </Typography>
          <Suspense fallback={null}>
            {stage.name === 'credentials' && (
              <CredentialsForm
                defaultUsername={username}
                onCodeRequired={showCode}
                onForgotPassword={(typed) => {
                  setUsername(typed);
                  setStage({ name: 'forgot' });
                }}
              />
            )}
            {stage.name === 'forgot' && <ForgotPasswordForm defaultUsername={username} onBack={showCredentials} />}
            {stage.name === 'mailbox' && (
              <MailboxCodeForm pending={stage.pending} onConfirmed={showCode} onBack={showCredentials} />
            )}
            {stage.name === 'code' && <PasscodeForm pending={stage.pending} onBack={showCredentials} />}
          </Suspense>
        </CardContent>
      </Card>
      {(stage.name === 'credentials' || stage.name === 'forgot') && <SignUpCard onCodeRequired={showCode} />}
    </AuthLayout>
  );
}
