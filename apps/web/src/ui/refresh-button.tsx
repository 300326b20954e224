import Refresh from '@mui/icons-material/Refresh';
import IconButton from '@mui/material/IconButton';
import { keyframes } from '@mui/material/styles';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useRef, useState } from 'react';

const spin = keyframes`from { transform: rotate(0deg); } to { transform: rotate(360deg); }`;
/** How long the icon turns after a click. */
export const REFRESH_SPIN_MS = 1000;

/** Refetches the list; the icon turns for one second so that the click is seen even when the answer is instant. */
export function RefreshButton({ onRefresh }: { onRefresh: () => void }) {
  const [isSpinning, setIsSpinning] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const handleClick = () => {
    onRefresh();
    setIsSpinning(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setIsSpinning(false), REFRESH_SPIN_MS);
  };
  return (
    <Tooltip title="Refresh">
      <IconButton onClick={handleClick} aria-label="Refresh" sx={{ border: 1, borderColor: 'divider' }}>
        <Refresh
          data-spinning={isSpinning || undefined}
          sx={{ animation: isSpinning ? `${spin} ${REFRESH_SPIN_MS}ms linear` : 'none' }}
        />
      </IconButton>
    </Tooltip>
  );
}
