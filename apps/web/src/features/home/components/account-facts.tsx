import type { TPlatformView, TPublicPlatform, TUser } from '@cpq/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { BreakableText } from '../../../ui/breakable-text';

type TAccountFactsProps = { user: TUser; platform: TPlatformView | TPublicPlatform | null };

/** The signed-in account at a glance: only facts the API returned, nothing estimated. */
export function AccountFacts({ user, platform }: TAccountFactsProps) {
  const isMfaRequired = platform?.requireMFA === '1';
  const facts = [
    { label: 'Signed in as', value: user.username },
    { label: 'Role', value: `${user.roleName} (level ${user.roleLevel})` },
    { label: 'Platform', value: platform?.name ?? user.pid },
    {
      label: 'Two-step verification',
      value: user.enableMFA || isMfaRequired ? (isMfaRequired ? 'On (required by platform)' : 'On') : 'Off',
    },
  ];
  return (
    <Card component="section" aria-labelledby="account-title" sx={{ mt: { xs: 3, md: 4 }, p: { xs: 2, md: 3 } }}>
      <Typography id="account-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        Your account
      </Typography>
      <Box
        component="dl"
        sx={{
          m: 0,
          display: 'grid',
          gap: { xs: 1.5, md: 3 },
          gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        {facts.map((fact) => (
          <div key={fact.label}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {fact.label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'break-word' }}>
              <BreakableText text={fact.value} />
            </Typography>
          </div>
        ))}
      </Box>
    </Card>
  );
}
