import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { type ReactNode, useState } from 'react';

type TReorderListProps<T> = {
  items: readonly T[];
  /** What the buttons name an item by ('Move Colour up'). */
  labelOf: (item: T, index: number) => string;
  render: (item: T, index: number) => ReactNode;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
};

/**
 * A list whose items are reordered by their Move up and Move down buttons (keyboard and screen readers) or by
 * dragging their handle (native HTML drag and drop), and removed by their Delete button.
 */
export function ReorderList<T>({ items, labelOf, render, onMove, onRemove }: TReorderListProps<T>) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  return (
    <Stack spacing={1.5} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {items.map((item, index) => {
        const label = labelOf(item, index);
        return (
          <Paper
            // biome-ignore lint/suspicious/noArrayIndexKey: ids are edited in the items' own fields, so an id key would remount them
            key={index}
            component="li"
            variant="outlined"
            onDragOver={(event) => {
              if (dragged === null) return;
              event.preventDefault();
              setOver(index);
            }}
            onDrop={(event) => {
              event.preventDefault();
              if (dragged !== null && dragged !== index) onMove(dragged, index);
              setDragged(null);
              setOver(null);
            }}
            sx={{
              p: { xs: 1.25, md: 2 },
              display: 'flex',
              gap: 1,
              alignItems: 'flex-start',
              borderColor: over === index && dragged !== index ? 'primary.main' : undefined,
              opacity: dragged === index ? 0.5 : 1,
            }}
          >
            <Stack sx={{ alignItems: 'center', flexShrink: 0 }}>
              <Box
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', String(index));
                  setDragged(index);
                }}
                onDragEnd={() => {
                  setDragged(null);
                  setOver(null);
                }}
                aria-hidden
                sx={{ cursor: 'grab', color: 'text.secondary', display: 'flex', p: 0.5 }}
              >
                <DragIndicatorIcon fontSize="small" />
              </Box>
              <Tooltip title="Move up">
                <span>
                  <IconButton
                    size="small"
                    aria-label={`Move ${label} up`}
                    disabled={index === 0}
                    onClick={() => onMove(index, index - 1)}
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title="Move down">
                <span>
                  <IconButton
                    size="small"
                    aria-label={`Move ${label} down`}
                    disabled={index === items.length - 1}
                    onClick={() => onMove(index, index + 1)}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title="Delete">
                <IconButton size="small" aria-label={`Delete ${label}`} onClick={() => onRemove(index)}>
                  <DeleteOutlineIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
            <Box sx={{ flex: 1, minWidth: 0 }}>{render(item, index)}</Box>
          </Paper>
        );
      })}
    </Stack>
  );
}
