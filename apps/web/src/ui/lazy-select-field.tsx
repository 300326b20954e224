import Skeleton from '@mui/material/Skeleton';
import type { TextFieldProps } from '@mui/material/TextField';
import { Suspense } from 'react';
import { lazyPart, usePreload } from './lazy-part';

// A select brings MUI's menu and modal machinery; a list's filter loads it right after the first paint.
const TextField = lazyPart(() => import('@mui/material/TextField').then((m) => m.default));

/**
 * A small `TextField select` (a list's filter) whose code loads right after the first paint: until then a skeleton
 * of the field's size holds its place.
 */
export function LazySelectField({ sx, ...props }: Omit<TextFieldProps, 'select' | 'size'>) {
  usePreload(TextField);
  return (
    <Suspense fallback={<Skeleton variant="rounded" sx={[{ height: 40 }, ...(Array.isArray(sx) ? sx : [sx])]} />}>
      <TextField select size="small" sx={sx} {...props} />
    </Suspense>
  );
}
