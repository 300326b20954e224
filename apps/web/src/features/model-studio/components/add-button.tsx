import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

type TAddButtonProps = {
  children: ReactNode;
  onClick: () => void;
  /** Outlined and full size for a tab's own list (options, pages); small text for a list inside an item. */
  isOutlined?: boolean;
  disabled?: boolean;
};

/** The "Add …" button under an editor's list, in a block of its own so a column Stack does not stretch it. */
export function AddButton({ children, onClick, isOutlined = false, disabled }: TAddButtonProps) {
  return (
    <div>
      <Button
        size={isOutlined ? 'medium' : 'small'}
        variant={isOutlined ? 'outlined' : 'text'}
        startIcon={<AddIcon />}
        onClick={onClick}
        disabled={disabled}
      >
        {children}
      </Button>
    </div>
  );
}
