import type { TRole } from '@cpq/contracts';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RoleIcon } from './role-icon';

/** One role: icon by level, name, description and the level. */
export function RoleCard({ role, onOpen }: { role: TRole; onOpen: () => void }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea
        onClick={onOpen}
        aria-label={`${role.name}, level ${role.roleLevel}`}
        sx={{ height: '100%', p: { xs: 2, md: 2.5 }, display: 'flex', alignItems: 'flex-start', gap: 2 }}
      >
        <Box
          sx={{
            width: 48,
            height: 48,
            flexShrink: 0,
            borderRadius: 3,
            display: 'grid',
            placeItems: 'center',
            bgcolor: 'action.selected',
            color: 'primary.main',
          }}
        >
          <RoleIcon roleLevel={role.roleLevel} />
        </Box>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="h4" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {role.name}
            </Typography>
            <Chip size="small" label={`Level ${role.roleLevel}`} color="primary" variant="outlined" />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {role.description || 'No description.'}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}
