import type { TUser } from '@cpq/contracts';
import DarkModeOutlined from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlined from '@mui/icons-material/LightModeOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import { lazy, Suspense } from 'react';
import { NavLink, Link as RouterLink } from 'react-router';
import { TOAST_CLEARANCE } from '../../ui/toast-clearance';
import { useColorMode } from '../theme/color-mode';
import { Logo } from './logo';
import { NavCount } from './nav-count';
import { getNavLinks } from './nav-links';
import { useMyApprovals } from './use-my-approvals';

// Menus (and MUI's popover machinery) are only needed once someone is signed in: keep them off the sign-in path.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));
const MobileMenu = lazy(() => import('./mobile-menu').then((m) => ({ default: m.MobileMenu })));

type THeaderProps = {
  user: TUser | null;
  /** While the session loads the header shows no links, so that Login does not flash for a signed-in user. */
  isLoading: boolean;
  onSignOut: () => void;
};

/** The app bar: logo home link, role-dependent links, Dark Mode toggle and the username dropdown. */
export function Header({ user, isLoading, onSignOut }: THeaderProps) {
  const { mode, toggleMode } = useColorMode();
  const approvals = useMyApprovals(isLoading ? null : user);
  const links = isLoading ? [] : getNavLinks(user, approvals);

  return (
    <AppBar
      {...TOAST_CLEARANCE}
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Toolbar sx={{ gap: 1, minHeight: { xs: 60, md: 68 }, px: { xs: 1.5, md: 3 } }}>
        <Link component={RouterLink} to="/" aria-label="Open CPQ home" underline="none" sx={{ mr: 2, display: 'flex' }}>
          <Logo />
        </Link>
        <Box component="nav" aria-label="Main" sx={{ display: { xs: 'none', md: 'flex' }, gap: 0.5, flexGrow: 1 }}>
          {links.map((link) => (
            <Button
              key={link.to}
              component={NavLink}
              to={link.to}
              sx={{
                color: 'text.secondary',
                // Dark mode: the lighter crimson on the hover tint keeps the current link above 4.5:1.
                '&.active': (theme) => ({
                  color: theme.palette.mode === 'dark' ? theme.palette.primary.light : theme.palette.primary.main,
                  bgcolor: theme.palette.mode === 'dark' ? theme.palette.action.hover : theme.palette.action.selected,
                }),
                '&:hover': { color: 'text.primary' },
              }}
            >
              {link.label}
              {link.count !== undefined && <NavCount count={link.count} />}
            </Button>
          ))}
        </Box>
        <Box sx={{ flexGrow: 1, display: { xs: 'block', md: 'none' } }} />
        <IconButton
          onClick={toggleMode}
          aria-label="Dark Mode"
          aria-pressed={mode === 'dark'}
          title="Dark Mode"
          sx={{ color: 'text.secondary' }}
        >
          {mode === 'dark' ? <LightModeOutlined /> : <DarkModeOutlined />}
        </IconButton>
        {!isLoading && !user && (
          <Button
            component={RouterLink}
            to="/Login"
            variant="contained"
            sx={{ display: { xs: 'inline-flex', md: 'none' } }}
          >
            Login
          </Button>
        )}
        {user && !isLoading && (
          <Suspense fallback={<Box sx={{ width: 40 }} />}>
            <Box sx={{ display: { xs: 'none', md: 'flex' } }}>
              <UserMenu user={user} onSignOut={onSignOut} />
            </Box>
            <Box sx={{ display: { xs: 'flex', md: 'none' } }}>
              <MobileMenu links={links} user={user} onSignOut={onSignOut} />
            </Box>
          </Suspense>
        )}
      </Toolbar>
    </AppBar>
  );
}
