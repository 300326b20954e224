import LinearProgress from '@mui/material/LinearProgress';

/**
 * Shown while the code of a part the user just asked for arrives (an editor panel opened before its code was
 * preloaded): a thin bar along the top of the window, as the list shows while it fetches, so a click never seems
 * to do nothing.
 */
export function PartProgress() {
  return (
    <LinearProgress
      aria-label="Loading"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 3, zIndex: (theme) => theme.zIndex.modal + 1 }}
    />
  );
}
