import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';

/**
 * What a level-5 administrator sees on the level-9 platform pages (the route guard admits them, the API does not):
 * where their own platform's settings are instead.
 */
export function SuperAdminOnly({ pid }: { pid: string }) {
  return (
    <Box sx={{ width: '100%', maxWidth: 640, mx: 'auto', px: { xs: 1.5, md: 4 }, py: { xs: 4, md: 8 } }}>
      <Card sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
        <AdminPanelSettingsOutlined color="primary" sx={{ fontSize: 48 }} />
        <Typography variant="h2" component="h1" sx={{ mt: 1 }}>
          Platforms
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
          Only Super Admins create platforms and see the list of platforms. You can change your own platform's settings.
        </Typography>
        <Button component={RouterLink} to={`/Platforms/edit/${encodeURIComponent(pid)}`} variant="contained">
          Platform Settings
        </Button>
      </Card>
    </Box>
  );
}
