import { MSG } from '@cpq/contracts';
import ViewColumnOutlined from '@mui/icons-material/ViewColumnOutlined';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { LazyPopover } from '../lazy-overlays';
import { useToast } from '../use-toast';

type TColumnPropertiesProps = {
  columns: { id: string; header: string }[];
  visibility: Record<string, boolean>;
  onChange: (visibility: Record<string, boolean>) => void;
  onReset: () => void;
};

/** The Properties panel: which columns show. Hiding the last visible column is refused with a toast. */
export function ColumnProperties({ columns, visibility, onChange, onReset }: TColumnPropertiesProps) {
  const toast = useToast();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const visibleCount = columns.filter((column) => visibility[column.id] !== false).length;
  const toggle = (id: string, isVisible: boolean) => {
    if (!isVisible && visibleCount <= 1) {
      toast.warning(MSG.atLeastOneColumn);
      return;
    }
    onChange({ ...visibility, [id]: isVisible });
  };
  return (
    <>
      <Button
        variant="outlined"
        color="inherit"
        startIcon={<ViewColumnOutlined />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="dialog"
        sx={{ borderColor: 'divider', flexShrink: 0 }}
      >
        Properties
      </Button>
      <LazyPopover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': 'Properties', sx: { mt: 1, minWidth: 240 } } }}
      >
        <Typography variant="overline" color="text.secondary" component="h2" sx={{ display: 'block', px: 2, pt: 1.5 }}>
          Visible columns
        </Typography>
        <Stack sx={{ px: 2, pb: 1 }}>
          {columns.map((column) => (
            <FormControlLabel
              key={column.id}
              label={column.header}
              control={
                <Checkbox
                  size="small"
                  checked={visibility[column.id] !== false}
                  onChange={(event) => toggle(column.id, event.target.checked)}
                />
              }
            />
          ))}
        </Stack>
        <Divider />
        <Stack direction="row" sx={{ justifyContent: 'flex-end', px: 1, py: 1 }}>
          <Button size="small" onClick={onReset}>
            Reset layout
          </Button>
        </Stack>
      </LazyPopover>
    </>
  );
}
