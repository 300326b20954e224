import ContentCopy from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

/** Store pages of a well-known authenticator app (Google Authenticator). */
export const AUTHENTICATOR_APP = {
  name: 'Google Authenticator',
  appStore: 'https://apps.apple.com/app/google-authenticator/id388497605',
  googlePlay: 'https://play.google.com/store/apps/details?id=com.google.android.apps.authenticator2',
} as const;

/** Groups a base32 secret in fours so that it can be typed by hand without losing one's place. */
export const groupSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

type TEnrollmentProps = {
  secret: string;
  qrCode: string;
  /** 'stacked' keeps the code above the text (narrow cards); 'responsive' puts them side by side from 800 px. */
  layout?: 'stacked' | 'responsive';
};

/** A new authenticator enrolment: scannable code, the key for typing by hand, and where to get the app. */
export function AuthenticatorEnrollment({ secret, qrCode, layout = 'stacked' }: TEnrollmentProps) {
  const isRow = layout === 'responsive';
  const [isCopied, setIsCopied] = useState(false);
  const handleCopy = () => {
    void navigator.clipboard?.writeText(secret).then(() => setIsCopied(true));
  };
  return (
    <Stack
      direction={{ xs: 'column', lg: isRow ? 'row' : 'column' }}
      spacing={2}
      sx={{
        alignItems: { xs: 'stretch', lg: isRow ? 'center' : 'stretch' },
        p: 2,
        borderRadius: 1,
        bgcolor: 'action.hover',
      }}
    >
      <Box
        component="img"
        src={qrCode}
        alt="QR code to scan with your authenticator app"
        width={168}
        height={168}
        sx={{ alignSelf: 'center', bgcolor: '#fff', p: 1, borderRadius: 2, flexShrink: 0, imageRendering: 'pixelated' }}
      />
      <Stack spacing={1.25} sx={{ minWidth: 0 }}>
        <Typography variant="body2">
          Scan the code with {AUTHENTICATOR_APP.name} or a similar app, or enter this key by hand:
        </Typography>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
          <Typography
            component="code"
            data-testid="mfa-secret"
            sx={{
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              fontWeight: 600,

              fontSize: '0.95rem',
            }}
          >
            {groupSecret(secret)}
          </Typography>
          <Tooltip title={isCopied ? 'Copied' : 'Copy key'}>
            <IconButton size="small" onClick={handleCopy} aria-label="Copy key">
              <ContentCopy fontSize="inherit" />
            </IconButton>
          </Tooltip>
        </Stack>
        <Typography variant="body2" color="text.secondary">
          Get {AUTHENTICATOR_APP.name}:{' '}
          <Link
            href={AUTHENTICATOR_APP.appStore}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ whiteSpace: 'nowrap' }}
          >
            App Store
          </Link>{' '}
          ·{' '}
          <Link
            href={AUTHENTICATOR_APP.googlePlay}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ whiteSpace: 'nowrap' }}
          >
            Google Play
          </Link>
        </Typography>
      </Stack>
    </Stack>
  );
}
