import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

type TEditFormFooterProps = {
  /** Shows Save as the form's submit button (or a plain button when `onSave` is given). */
  showSave?: boolean;
  onSave?: () => void;
  isSaving?: boolean;
  saveLabel?: string;
  onCancel?: () => void;
  onDelete?: () => void;
  isDeleting?: boolean;
  onReturn?: () => void;
  onClose?: () => void;
};

/** The edit forms' footer: Delete on the left; Return, Close Editor, Cancel and Save on the right. Each optional. */
export function EditFormFooter(props: TEditFormFooterProps) {
  const { showSave, onSave, isSaving, saveLabel = 'Save', onCancel, onDelete, isDeleting, onReturn, onClose } = props;
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', px: { xs: 2.5, md: 4 }, py: 2 }}>
      {onDelete && (
        <Button color="error" startIcon={<DeleteOutline />} onClick={onDelete} loading={isDeleting} type="button">
          Delete
        </Button>
      )}
      <Box sx={{ flex: 1 }} />
      {onReturn && (
        <Button color="inherit" onClick={onReturn} type="button">
          Return
        </Button>
      )}
      {onClose && (
        <Button color="inherit" onClick={onClose} type="button">
          Close Editor
        </Button>
      )}
      {onCancel && (
        <Button color="inherit" onClick={onCancel} type="button">
          Cancel
        </Button>
      )}
      {(showSave || onSave) && (
        <Button
          variant="contained"
          type={onSave ? 'button' : 'submit'}
          onClick={onSave}
          loading={isSaving}
          sx={{ minWidth: 96 }}
        >
          {saveLabel}
        </Button>
      )}
    </Stack>
  );
}
