import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Clear from '@mui/icons-material/Clear';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import GridViewOutlined from '@mui/icons-material/GridViewOutlined';
import Search from '@mui/icons-material/Search';
import TableRowsOutlined from '@mui/icons-material/TableRowsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import OutlinedInput from '@mui/material/OutlinedInput';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { TOAST_CLEARANCE } from '../toast-clearance';
import type { TViewMode } from './types';
import type { useDebouncedSearch } from './use-debounced-search';

type TListHeaderProps = {
  title: string;
  subtitle?: ReactNode;
  back?: { label?: string; onClick: () => void };
  create?: { label: string; onClick: () => void };
};

/** Back button, title and the create button. */
export function ListHeader({ title, subtitle, back, create }: TListHeaderProps) {
  return (
    <Stack
      {...TOAST_CLEARANCE}
      direction="row"
      sx={{ alignItems: 'center', gap: 1.5, mb: { xs: 2, md: 3 }, flexWrap: 'wrap' }}
    >
      {back && (
        <Tooltip title={back.label ?? 'Back'}>
          <IconButton
            onClick={back.onClick}
            aria-label={back.label ?? 'Back'}
            sx={{ border: 1, borderColor: 'divider' }}
          >
            <ArrowBack />
          </IconButton>
        </Tooltip>
      )}
      <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.625rem', md: '2rem' } }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {create && (
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={create.onClick}
          sx={{ flexShrink: 0, width: { xs: '100%', md: 'auto' }, minHeight: 40 }}
        >
          {create.label}
        </Button>
      )}
    </Stack>
  );
}

type TListControlsProps = {
  search?: ReturnType<typeof useDebouncedSearch>;
  searchPlaceholder: string;
  actions?: ReactNode;
  properties?: ReactNode;
  viewMode: TViewMode;
  /** Absent on phones, where the cards are the only view. */
  onViewModeChange?: (mode: TViewMode) => void;
};

/** Search box, the caller's extra buttons, Properties and the table/cards toggle. */
export function ListControls({
  search,
  searchPlaceholder,
  actions,
  properties,
  viewMode,
  onViewModeChange,
}: TListControlsProps) {
  return (
    <Stack {...TOAST_CLEARANCE} direction="row" sx={{ alignItems: 'center', gap: 1, mb: 2, flexWrap: 'wrap' }}>
      {search && (
        // OutlinedInput rather than TextField: the same field without TextField's select machinery (menus, modals).
        <OutlinedInput
          size="small"
          type="search"
          value={search.text}
          onChange={(event) => search.change(event.target.value)}
          onKeyDown={search.handleKeyDown}
          placeholder={searchPlaceholder}
          inputProps={{ 'aria-label': 'Search', enterKeyHint: 'search' }}
          startAdornment={
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          }
          endAdornment={
            search.text ? (
              <InputAdornment position="end">
                <IconButton size="small" aria-label="Clear search" onClick={search.clear} edge="end">
                  <Clear fontSize="small" />
                </IconButton>
              </InputAdornment>
            ) : undefined
          }
          sx={{
            flex: { xs: '1 1 100%', md: '0 1 360px' },
            '& input::-webkit-search-cancel-button': { display: 'none' },
          }}
        />
      )}
      <Box sx={{ flex: 1, display: { xs: 'none', md: 'block' } }} />
      {actions}
      {properties}
      {onViewModeChange && (
        <ToggleButtonGroup
          size="small"
          exclusive
          value={viewMode}
          onChange={(_event, mode: TViewMode | null) => mode && onViewModeChange(mode)}
          aria-label="View"
        >
          <ToggleButton value="table" aria-label="Table view" sx={{ px: 1.25 }}>
            <TableRowsOutlined fontSize="small" />
          </ToggleButton>
          <ToggleButton value="cards" aria-label="Card view" sx={{ px: 1.25 }}>
            <GridViewOutlined fontSize="small" />
          </ToggleButton>
        </ToggleButtonGroup>
      )}
    </Stack>
  );
}

/** Shown while rows are selected: how many, and the bulk delete. */
export function SelectionBar({
  count,
  onDelete,
  onClear,
}: {
  count: number;
  onDelete: () => void;
  onClear: () => void;
}) {
  return (
    <Stack
      direction="row"
      role="region"
      aria-label="Selection"
      sx={{
        alignItems: 'center',
        gap: 1,
        mb: 2,
        px: 2,
        py: 1,
        borderRadius: 2.5,
        bgcolor: 'action.selected',
      }}
    >
      <Typography sx={{ flex: 1, fontWeight: 600 }}>{count} selected</Typography>
      <Button color="inherit" onClick={onClear}>
        Clear
      </Button>
      <Button variant="contained" color="error" startIcon={<DeleteOutline />} onClick={onDelete}>
        Delete
      </Button>
    </Stack>
  );
}
