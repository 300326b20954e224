import { SHELL_MSG } from '@cpq/contracts';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LogoMark } from '../shell/logo';

/** Shown for any rendering error the routes did not handle (spec: the 'Oops! Something went wrong...' page). */
export function RouteErrorPage() {
  return (
    <Stack
      spacing={3}
      sx={{ flex: 1, minHeight: '60vh', alignItems: 'center', justifyContent: 'center', textAlign: 'center', p: 3 }}
    >
      <LogoMark size={48} />
      <Typography variant="h2" component="h1" sx={{ maxWidth: 560, lineHeight: 1.35 }}>
        {SHELL_MSG.renderError}
      </Typography>
      <Stack direction="row" spacing={1.5}>
        <Button variant="contained" onClick={() => window.location.reload()}>
          Refresh the page
        </Button>
        <Button variant="outlined" href="/">
          Go home
        </Button>
      </Stack>
    </Stack>
  );
}
