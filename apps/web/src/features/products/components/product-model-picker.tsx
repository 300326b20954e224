import type { TErrorDetail, TModelSummary } from '@cpq/contracts';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useId, useRef } from 'react';
import { choiceFromOption, modelLabel, modelOptionValue, readModelFile, type TModelChoice } from './model-choice';

type TProductModelPickerProps = {
  models: TModelSummary[];
  isLoading: boolean;
  /** The version the product uses now (null when none). */
  currentModelId: number | null;
  choice: TModelChoice;
  onChange: (choice: TModelChoice) => void;
  /** The engine's objections to the last model sent, each with its path inside the model. */
  errors: TErrorDetail[] | null;
  onFileError: (message: string) => void;
};

const UPLOADED_VALUE = 'file';

/** Chooses the configuration model of a configurable product: a listed model, or a model JSON file. */
export function ProductModelPicker(props: TProductModelPickerProps) {
  const { models, isLoading, currentModelId, choice, onChange, errors, onFileError } = props;
  const fileInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const demo = models.filter((model) => model.source === 'demo');
  const uploaded = models.filter((model) => model.source === 'uploaded');
  const value =
    choice.kind === 'json'
      ? choice.key
      : choice.kind === 'version'
        ? `version:${choice.id}`
        : currentModelId !== null
          ? `version:${currentModelId}`
          : '';
  const isCurrentListed = currentModelId === null || uploaded.some((model) => model.id === currentModelId);

  const handleFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    try {
      onChange({ kind: 'json', key: UPLOADED_VALUE, label: file.name, model: await readModelFile(file) });
    } catch (error) {
      onFileError(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Stack spacing={1.5} sx={{ minWidth: 0 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'flex-start' } }}>
        <TextField
          select
          label="Configuration Model"
          value={value}
          disabled={isLoading}
          onChange={(event) => onChange(choiceFromOption(event.target.value, models))}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true }, formHelperText: { id: hintId } }}
          helperText={choice.kind === 'keep' ? undefined : 'Applied when you save the product.'}
        >
          <MenuItem value="" disabled>
            {isLoading ? 'Loading models…' : 'No model selected'}
          </MenuItem>
          {choice.kind === 'json' && choice.key === UPLOADED_VALUE && (
            <MenuItem value={UPLOADED_VALUE}>{choice.label} (file)</MenuItem>
          )}
          {!isCurrentListed && <MenuItem value={`version:${currentModelId}`}>Current model</MenuItem>}
          {uploaded.length > 0 && <ListSubheader>Uploaded versions</ListSubheader>}
          {uploaded.map((model) => (
            <MenuItem key={modelOptionValue(model)} value={modelOptionValue(model)}>
              {modelLabel(model)}
            </MenuItem>
          ))}
          {demo.length > 0 && <ListSubheader>Demo models</ListSubheader>}
          {demo.map((model) => (
            <MenuItem key={modelOptionValue(model)} value={modelOptionValue(model)}>
              {modelLabel(model)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          startIcon={<UploadFile />}
          onClick={() => fileInput.current?.click()}
          sx={{ flexShrink: 0, minHeight: 56 }}
        >
          Upload Model JSON
        </Button>
        <input ref={fileInput} type="file" accept=".json,application/json" hidden onChange={handleFile} />
      </Stack>
      {errors && errors.length > 0 && (
        <Alert
          severity="error"
          role="alert"
          sx={{ minWidth: 0, '& .MuiAlert-message': { minWidth: 0, overflowWrap: 'anywhere' } }}
        >
          <AlertTitle>The configuration engine rejected this model</AlertTitle>
          <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
            {errors.map((issue) => (
              <Typography component="li" variant="body2" key={`${issue.path}:${issue.message}`}>
                <Typography component="code" variant="body2" sx={{ fontFamily: 'monospace', fontWeight: 600 }}>
                  {issue.path}
                </Typography>
                : {issue.message}
              </Typography>
            ))}
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
