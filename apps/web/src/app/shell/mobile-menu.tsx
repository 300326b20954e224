import type { TUser } from '@cpq/contracts';
import MenuIcon from '@mui/icons-material/Menu';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { accountMenuItems } from './account-menu-items';
import { NavCount } from './nav-count';
import type { TNavLink } from './nav-links';

/** Phones: the header links, My Profile and Sign Out collapse into one menu. */
export function MobileMenu({
  links,
  user,
  onSignOut,
}: {
  links: TNavLink[];
  user: TUser | null;
  onSignOut: () => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const handleClose = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label="Open menu"
        aria-haspopup="menu"
        aria-controls={anchor ? 'mobile-menu' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ color: 'text.primary' }}
      >
        <MenuIcon />
      </IconButton>
      <Menu
        id="mobile-menu"
        anchorEl={anchor}
        open={anchor !== null}
        onClose={handleClose}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 240, maxWidth: 'calc(100vw - 24px)', mt: 1 } } }}
      >
        {user && (
          <ListSubheader sx={{ lineHeight: 2.5, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {user.username}
          </ListSubheader>
        )}
        {links.map((link) => (
          <MenuItem key={link.to} component={RouterLink} to={link.to} onClick={handleClose}>
            {link.label}
            {link.count !== undefined && <NavCount count={link.count} />}
          </MenuItem>
        ))}
        {user && links.length > 0 && <Divider />}
        {user && accountMenuItems(user.username, handleClose, onSignOut)}
      </Menu>
    </>
  );
}
