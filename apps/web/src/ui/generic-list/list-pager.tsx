import { PAGE_SIZES } from '@cpq/contracts';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import FirstPage from '@mui/icons-material/FirstPage';
import LastPage from '@mui/icons-material/LastPage';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { isPagerHidden, pageCountOf, pagerPages } from './pager';

type TListPagerProps = {
  /** 1-based current page. */
  page: number;
  pageSize: number;
  count: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
};

/** Page numbers, first/previous/next/last, the page size (12, 48, 96) and 'x–y of n'. */
export function ListPager({ page, pageSize, count, onPageChange, onPageSizeChange }: TListPagerProps) {
  if (isPagerHidden(count)) return null;
  const pageCount = pageCountOf(count, pageSize);
  const first = Math.min(count, (page - 1) * pageSize + 1);
  const last = Math.min(count, page * pageSize);
  const arrow = (label: string, target: number, icon: ReactNode, isDisabled: boolean) => (
    <IconButton size="small" aria-label={label} disabled={isDisabled} onClick={() => onPageChange(target)}>
      {icon}
    </IconButton>
  );
  return (
    <Stack
      component="nav"
      aria-label="Pagination"
      direction={{ xs: 'column', md: 'row' }}
      sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1.5, pt: 2 }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5 }}>
        <TextField
          select
          size="small"
          label="Per page"
          value={pageSize}
          onChange={(event) => onPageSizeChange(Number(event.target.value))}
          sx={{ width: 104 }}
        >
          {PAGE_SIZES.map((size) => (
            <MenuItem key={size} value={size}>
              {size}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2" color="text.secondary" aria-live="polite" sx={{ whiteSpace: 'nowrap' }}>
          {first}–{last} of {count.toLocaleString('en-US')}
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.25 }}>
        {arrow('First page', 1, <FirstPage />, page <= 1)}
        {arrow('Previous page', page - 1, <ChevronLeft />, page <= 1)}
        {pagerPages(page, pageCount).map((number) => {
          const isCurrent = number === page;
          return (
            <Button
              key={number}
              size="small"
              variant={isCurrent ? 'contained' : 'text'}
              color={isCurrent ? 'primary' : 'inherit'}
              aria-label={`Page ${number}`}
              aria-current={isCurrent ? 'page' : undefined}
              onClick={() => onPageChange(number)}
              sx={{ minWidth: 36, px: 1, fontVariantNumeric: 'tabular-nums' }}
            >
              {number}
            </Button>
          );
        })}
        {arrow('Next page', page + 1, <ChevronRight />, page >= pageCount)}
        {arrow('Last page', pageCount, <LastPage />, page >= pageCount)}
      </Stack>
    </Stack>
  );
}
