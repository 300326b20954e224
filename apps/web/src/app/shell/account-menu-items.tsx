import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import Logout from '@mui/icons-material/Logout';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import { Link as RouterLink } from 'react-router';
import { MY_CONFIGURATIONS_PATH, profilePath } from './nav-links';

/**
 * The account entries every menu of the shell ends with: My Configurations, My Profile and Sign Out. Returned as an array (MUI menus
 * need their items as direct children, not inside a fragment).
 */
export function accountMenuItems(username: string, onClose: () => void, onSignOut: () => void) {
  return [
    <MenuItem key="configurations" component={RouterLink} to={MY_CONFIGURATIONS_PATH} onClick={onClose}>
      <ListItemIcon>
        <TuneOutlined fontSize="small" />
      </ListItemIcon>
      My Configurations
    </MenuItem>,
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
