import MoreVert from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import { type MouseEvent, useState } from 'react';
import { LazyMenu } from '../lazy-overlays';
import type { TRowAction } from './types';

/** The kebab menu of one row's actions. Clicks stay inside: they never also open the row. */
export function RowMenu({ actions, label }: { actions: TRowAction[]; label: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (actions.length === 0) return null;
  const stop = (event: MouseEvent) => event.stopPropagation();
  return (
    <>
      <IconButton
        size="small"
        aria-label={`Actions for ${label}`}
        aria-haspopup="menu"
        onClick={(event) => {
          stop(event);
          setAnchor(event.currentTarget);
        }}
      >
        <MoreVert fontSize="small" />
      </IconButton>
      <LazyMenu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        onClick={stop}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {actions.map((action) => (
          <MenuItem
            key={action.label}
            onClick={() => {
              setAnchor(null);
              action.onClick();
            }}
            sx={action.isDestructive ? { color: 'error.main' } : undefined}
          >
            {action.icon && (
              <ListItemIcon sx={action.isDestructive ? { color: 'error.main' } : undefined}>{action.icon}</ListItemIcon>
            )}
            <ListItemText>{action.label}</ListItemText>
          </MenuItem>
        ))}
      </LazyMenu>
    </>
  );
}
