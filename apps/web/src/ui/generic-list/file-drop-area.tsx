import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type DragEvent, useId, useState } from 'react';

type TFileDropAreaProps = {
  onFiles: (files: File[]) => void;
  /** 'Upload Files' and several files at once; otherwise 'Upload a File'. */
  multiple?: boolean;
  /** e.g. 'image/png,image/jpeg,image/gif,image/webp' */
  accept?: string;
  helperText?: string;
  disabled?: boolean;
};

/** The file drop area: drop files on it, or click (or press Enter) to choose them. */
export function FileDropArea({ onFiles, multiple = false, accept, helperText, disabled = false }: TFileDropAreaProps) {
  const inputId = useId();
  const [isOver, setIsOver] = useState(false);
  const label = multiple ? 'Upload Files' : 'Upload a File';
  const take = (list: FileList | null) => {
    const files = Array.from(list ?? []);
    if (files.length > 0) onFiles(multiple ? files : files.slice(0, 1));
  };
  const handleDrop = (event: DragEvent) => {
    event.preventDefault();
    setIsOver(false);
    if (!disabled) take(event.dataTransfer.files);
  };
  return (
    <Box
      component="label"
      htmlFor={inputId}
      onDragOver={(event: DragEvent) => {
        event.preventDefault();
        if (!disabled) setIsOver(true);
      }}
      onDragLeave={() => setIsOver(false)}
      onDrop={handleDrop}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 0.5,
        p: 3,
        textAlign: 'center',
        border: 2,
        borderStyle: 'dashed',
        borderRadius: 1,
        borderColor: isOver ? 'primary.main' : 'divider',
        bgcolor: isOver ? 'action.selected' : 'transparent',
        cursor: disabled ? 'not-allowed' : 'pointer',
        opacity: disabled ? 0.6 : 1,
        transition: 'border-color 120ms, background-color 120ms',
        '&:hover': disabled ? undefined : { borderColor: 'primary.main' },
        '&:focus-within': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <CloudUploadOutlined color="primary" sx={{ fontSize: 36 }} />
      <Typography sx={{ fontWeight: 600 }}>{label}</Typography>
      <Typography variant="body2" color="text.secondary">
        {helperText ?? 'Drag and drop here, or click to choose.'}
      </Typography>
      <input
        id={inputId}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        onChange={(event) => {
          take(event.target.files);
          event.target.value = '';
        }}
        style={{ position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' }}
      />
    </Box>
  );
}
