import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

/** Columns by breakpoint: one on phones, more as the screen widens. */
export type TCardGridColumns = Partial<Record<'xs' | 'sm' | 'md' | 'lg' | 'xl' | 'xxl', number>>;

type TCardGridProps = {
  /** Names the list for screen readers. */
  label: string;
  columns: TCardGridColumns;
  /** While true, `skeletonCount` placeholder cards stand in for the items. */
  isLoading: boolean;
  /** A refetch is under way: the list says it is busy. */
  isBusy?: boolean;
  skeletonCount: number;
  /** The inside of one placeholder card; by default a thumbnail beside three lines of text. */
  skeleton?: ReactNode;
  /** The items: `<li>` elements (e.g. `<Card component="li">`). */
  children: ReactNode;
};

function RowSkeleton() {
  return (
    <Stack direction="row" sx={{ gap: 2 }}>
      <Skeleton variant="rounded" width={72} height={72} />
      <Box sx={{ flex: 1 }}>
        <Skeleton variant="text" width="60%" height={28} />
        <Skeleton variant="text" width="40%" />
        <Skeleton variant="text" width="30%" />
      </Box>
    </Stack>
  );
}

/** A responsive grid list of cards, with placeholder cards while the first page loads. */
export function CardGrid({
  label,
  columns,
  isLoading,
  isBusy = false,
  skeletonCount,
  skeleton = <RowSkeleton />,
  children,
}: TCardGridProps) {
  const gridTemplateColumns = Object.fromEntries(
    Object.entries(columns).map(([breakpoint, count]) => [
      breakpoint,
      count === 1 ? '1fr' : `repeat(${count}, minmax(0, 1fr))`,
    ]),
  );
  return (
    <Box
      component="ul"
      aria-label={label}
      aria-busy={isLoading || isBusy}
      sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns }}
    >
      {isLoading
        ? Array.from({ length: skeletonCount }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cards have no identity
            <Card key={index} component="li" aria-hidden sx={{ p: 2 }}>
              {skeleton}
            </Card>
          ))
        : children}
    </Box>
  );
}
