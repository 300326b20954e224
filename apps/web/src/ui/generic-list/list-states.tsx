import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Inbox from '@mui/icons-material/InboxOutlined';
import SearchOff from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

function StateBox({
  icon,
  title,
  children,
  role,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  role?: string;
}) {
  return (
    <Box
      role={role}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 1,
        px: 3,
        py: { xs: 5, md: 7 },
      }}
    >
      <Box
        sx={{
          width: 56,
          height: 56,
          borderRadius: '50%',
          display: 'grid',
          placeItems: 'center',
          bgcolor: 'action.hover',
          color: 'text.secondary',
          mb: 1,
        }}
      >
        {icon}
      </Box>
      <Typography variant="h5" component="p">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

type TEmptyStateProps = {
  search: string;
  title: string;
  description?: string;
  onClearSearch: () => void;
  create?: { label: string; onClick: () => void };
};

/** No rows: after a search, offer to clear it; otherwise say what to do next (usually: create one). */
export function EmptyState({ search, title, description, onClearSearch, create }: TEmptyStateProps) {
  if (search) {
    return (
      <StateBox icon={<SearchOff />} title={`No results for “${search}”`}>
        <Typography color="text.secondary">Check the spelling or try a shorter search.</Typography>
        <Button onClick={onClearSearch} sx={{ mt: 1 }}>
          Clear search
        </Button>
      </StateBox>
    );
  }
  return (
    <StateBox icon={<Inbox />} title={title}>
      {description && <Typography color="text.secondary">{description}</Typography>}
      {create && (
        <Button variant="contained" onClick={create.onClick} sx={{ mt: 1 }}>
          {create.label}
        </Button>
      )}
    </StateBox>
  );
}

/** The page could not be loaded: the reason and a Retry button. */
export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <StateBox icon={<ErrorOutline />} title="This list could not be loaded" role="alert">
      <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
        {message}
      </Typography>
      <Button variant="contained" onClick={onRetry} sx={{ mt: 1 }}>
        Retry
      </Button>
    </StateBox>
  );
}
