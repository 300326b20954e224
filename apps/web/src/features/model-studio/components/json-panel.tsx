import DownloadIcon from '@mui/icons-material/Download';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import type { TModel } from '../logic/model-edits';

type TJsonPanelProps = {
  model: TModel;
  fileName: string;
  onImport: (model: TModel) => void;
  onError: (message: string) => void;
};

const NOT_JSON =
  'That file is not a model: choose a JSON file exported from the studio or written in the model format.';

/** The model as JSON: read it here, download it, or replace the model with a file (checked when saved). */
export function JsonPanel({ model, fileName, onImport, onError }: TJsonPanelProps) {
  const input = useRef<HTMLInputElement>(null);
  const text = JSON.stringify(model, null, 2);

  const handleExport = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.click();
    URL.revokeObjectURL(url);
  };

  const handleFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const parsed: unknown = JSON.parse(await file.text());
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(NOT_JSON);
      onImport(parsed as TModel);
    } catch {
      onError(NOT_JSON);
    }
  };

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        The model in the engine’s JSON format. An imported file replaces the draft’s model; saving checks it.
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button startIcon={<DownloadIcon />} variant="outlined" onClick={handleExport}>
          Export JSON
        </Button>
        <Button startIcon={<UploadFileIcon />} variant="outlined" onClick={() => input.current?.click()}>
          Import JSON
        </Button>
        <input
          ref={input}
          type="file"
          accept="application/json,.json"
          hidden
          aria-label="Model JSON file"
          onChange={(event) => {
            void handleFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Stack>
      <TextField
        label="Model JSON"
        value={text}
        multiline
        minRows={12}
        maxRows={30}
        fullWidth
        slotProps={{
          htmlInput: {
            readOnly: true,
            spellCheck: false,
            style: { fontFamily: 'ui-monospace, monospace', fontSize: 13 },
          },
        }}
      />
    </Stack>
  );
}
