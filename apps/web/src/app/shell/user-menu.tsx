import type { TUser } from '@cpq/contracts';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { accountMenuItems } from './account-menu-items';

export const initialsOf = (user: Pick<TUser, 'firstName' | 'lastName' | 'username'>): string =>
  `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || user.username.charAt(0).toUpperCase();

/** The username dropdown: My Configurations, My Profile and Sign Out. */
export function UserMenu({ user, onSignOut }: { user: TUser; onSignOut: () => void }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const handleClose = () => setAnchor(null);
  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'user-menu' : undefined}
        endIcon={<KeyboardArrowDown />}
        sx={{ color: 'text.primary', pl: 0.75, maxWidth: { md: 220, xl: 320 } }}
      >
        <Avatar
          sx={{ width: 28, height: 28, mr: 1, fontSize: 13, bgcolor: 'primary.main', color: 'primary.contrastText' }}
        >
          {initialsOf(user)}
        </Avatar>
        <Typography component="span" noWrap sx={{ fontWeight: 600, fontSize: '0.9rem' }}>
          {user.username}
        </Typography>
      </Button>
      <Menu
        id="user-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={handleClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220, mt: 1 } } }}
      >
        {accountMenuItems(user.username, handleClose, onSignOut)}
      </Menu>
    </>
  );
}
