import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { moveItem, removeAt, type TModel, type TScreen } from '../logic/model-edits';

type TScreenEditorProps = {
  model: TModel;
  screen: TScreen;
  path: string;
  errors: Record<string, string>;
  onChange: (screen: TScreen) => void;
};

/** One screen: its caption and the options it shows, in order. */
export function ScreenEditor({ model, screen, path, errors, onChange }: TScreenEditorProps) {
  const placed = new Set(model.pages.flatMap((page) => page.screens.flatMap((s) => s.options)));
  const unplaced = model.options.filter((option) => !placed.has(option.id));
  const captionOf = (id: string) => {
    const option = model.options.find((entry) => entry.id === id);
    return option ? option.caption || option.id : id;
  };
  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <TextField
          label="Screen caption"
          size="small"
          value={screen.caption}
          onChange={(event) => onChange({ ...screen, caption: event.target.value })}
          error={Boolean(errors[`${path}.caption`])}
          helperText={errors[`${path}.caption`]}
          fullWidth
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={screen.showCaption ?? false}
              onChange={(event) => onChange({ ...screen, showCaption: event.target.checked || undefined })}
            />
          }
          label="Show caption"
          sx={{ flexShrink: 0 }}
        />
      </Stack>
      <List dense aria-label={`Options on ${screen.caption || screen.id}`} sx={{ py: 0 }}>
        {screen.options.map((id, index) => {
          const error = errors[`${path}.options[${index}]`];
          return (
            <ListItem
              key={id}
              disableGutters
              secondaryAction={
                <>
                  <IconButton
                    size="small"
                    aria-label={`Move ${captionOf(id)} up`}
                    disabled={index === 0}
                    onClick={() => onChange({ ...screen, options: moveItem(screen.options, index, index - 1) })}
                  >
                    <ArrowUpwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={`Move ${captionOf(id)} down`}
                    disabled={index === screen.options.length - 1}
                    onClick={() => onChange({ ...screen, options: moveItem(screen.options, index, index + 1) })}
                  >
                    <ArrowDownwardIcon fontSize="small" />
                  </IconButton>
                  <IconButton
                    size="small"
                    aria-label={`Take ${captionOf(id)} off the screen`}
                    onClick={() => onChange({ ...screen, options: removeAt(screen.options, index) })}
                  >
                    <CloseIcon fontSize="small" />
                  </IconButton>
                </>
              }
              sx={{ pr: 15 }}
            >
              <ListItemText primary={captionOf(id)} secondary={error} slotProps={{ secondary: { color: 'error' } }} />
            </ListItem>
          );
        })}
      </List>
      <TextField
        select
        size="small"
        label="Add an option to this screen"
        value=""
        disabled={unplaced.length === 0}
        helperText={unplaced.length === 0 ? 'Every option is on a screen.' : undefined}
        onChange={(event) => onChange({ ...screen, options: [...screen.options, event.target.value] })}
        fullWidth
      >
        {unplaced.map((option) => (
          <MenuItem key={option.id} value={option.id}>
            {option.caption || option.id}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
