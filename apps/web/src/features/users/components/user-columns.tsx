import type { TUser } from '@cpq/contracts';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TListColumn } from '../../../ui/generic-list';
import { OnlineIndicator } from './online-indicator';

/** The Users list's columns (spec: Users). `isOnline` comes from live presence. */
export function userColumns(isOnline: (user: TUser) => boolean): TListColumn<TUser>[] {
  return [
    { id: 'username', header: 'Username', size: 280 },
    { id: 'firstName', header: 'First Name', size: 160 },
    { id: 'lastName', header: 'Last Name', size: 160 },
    {
      id: 'online',
      header: 'Online',
      sortField: 'isLoggedIn',
      size: 130,
      cell: (user) => <OnlineIndicator isOnline={isOnline(user)} />,
    },
    { id: 'roleLevel', header: 'Role Level', size: 190, cell: (user) => `${user.roleLevel} · ${user.roleName}` },
    { id: 'id', header: 'Id', size: 90, align: 'right' },
  ];
}

const initialsOf = (user: TUser) =>
  `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || user.username.charAt(0).toUpperCase();

/** The card of one user (card view and phones). */
export function UserCard({ user, isOnline }: { user: TUser; isOnline: boolean }) {
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', pr: 5 }}>
      <Box sx={{ position: 'relative', flexShrink: 0 }}>
        <Avatar sx={{ bgcolor: 'action.selected', color: 'primary.main', fontWeight: 700 }}>{initialsOf(user)}</Avatar>
        <Box
          sx={{
            position: 'absolute',
            right: -1,
            bottom: -1,
            lineHeight: 0,
            p: '2px',
            borderRadius: '50%',
            bgcolor: 'background.paper',
          }}
        >
          <OnlineIndicator isOnline={isOnline} showLabel={false} />
        </Box>
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography noWrap sx={{ fontWeight: 650 }}>
          {name || user.username}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap title={user.username}>
          {user.username}
        </Typography>
        <Stack direction="row" sx={{ gap: 0.75, mt: 0.75, flexWrap: 'wrap' }}>
          <Chip size="small" label={`${user.roleName} · ${user.roleLevel}`} variant="outlined" />
          <Chip size="small" label={`Id ${user.id}`} variant="outlined" />
        </Stack>
      </Box>
    </Stack>
  );
}
