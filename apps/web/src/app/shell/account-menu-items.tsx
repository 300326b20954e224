import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import Logout from '@mui/icons-material/Logout';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router';
import { profilePath } from './nav-links';

/**
 * The account entries every menu of the shell ends with: My Profile and Sign Out. Returned as an array (MUI menus
 * need their items as direct children, not inside a fragment).
 */
export function accountMenuItems(username: string, onClose: () => void, onSignOut: () => void) {
  return [
    <MenuItem key="profile" component={RouterLink} to={profilePath(username)} onClick={onClose}>
      <ListItemIcon>
        <AccountCircleOutlined fontSize="small" />
      </ListItemIcon>
      My Profile
    </MenuItem>,
    <MenuItem
      key="sign-out"
      onClick={() => {
        onClose();
        onSignOut();
      }}
    >
      <ListItemIcon>
        <Logout fontSize="small" />
      </ListItemIcon>
      Sign Out
    </MenuItem>,
  ];
}
