import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { fieldPropsOf, helperIdOf, labelOf, listedValues, type TControlProps } from './control-props';

const IMAGE_PX = 32;

function ValueImage({ src }: { src: string }) {
  if (!src) return null;
  return (
    <Box
      component="img"
      src={src}
      alt=""
      sx={{ width: IMAGE_PX, height: IMAGE_PX, objectFit: 'contain', borderRadius: 1, flexShrink: 0 }}
    />
  );
}

/** dropdown and imagedropdown: a select; the image variant shows each value's picture in the list and the field. */
export function SelectControl(props: TControlProps & { withImages?: boolean }) {
  const { option, inputId, error, onPick, withImages = false } = props;
  const values = listedValues(option);
  const hasValue = values.some((value) => value.Value === option.Value);
  return (
    <TextField
      select
      fullWidth
      {...fieldPropsOf(props)}
      helperText={error ?? undefined}
      value={hasValue ? option.Value : ''}
      onChange={(event) => onPick(event.target.value)}
      slotProps={{
        formHelperText: { id: helperIdOf(inputId) },
        select: {
          renderValue: (selected) => {
            const value = values.find((item) => item.Value === selected);
            if (!value) return '';
            return (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
                {withImages && <ValueImage src={value.ImageLink} />}
                <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  {value.Caption}
                </Box>
              </Box>
            );
          },
        },
      }}
    >
      {values.map((value) => (
        <MenuItem key={value.Value} value={value.Value} disabled={!value.IsEnabled} sx={{ gap: 1.5 }}>
          {withImages && <ValueImage src={value.ImageLink} />}
          {value.Caption}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** typeabledropdown: a combo box; typing filters the values, disabled ones stay listed but cannot be picked. */
export function TypeableControl({ option, inputId, error, isDisabled, onPick }: TControlProps) {
  const values = listedValues(option);
  const selected = values.find((value) => value.Value === option.Value) ?? null;
  return (
    <Autocomplete
      id={inputId}
      options={values}
      value={selected}
      disabled={isDisabled}
      fullWidth
      autoHighlight
      getOptionLabel={(value) => value.Caption}
      getOptionDisabled={(value) => !value.IsEnabled}
      isOptionEqualToValue={(a, b) => a.Value === b.Value}
      onChange={(_event, value) => {
        if (value) onPick(value.Value);
      }}
      renderOption={({ key, ...props }, value) => (
        <li key={key} {...props}>
          {value.Caption}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={labelOf(option)}
          required={option.IsRequired}
          error={Boolean(error)}
          helperText={error ?? undefined}
          slotProps={{ ...params.slotProps, formHelperText: { id: helperIdOf(inputId) } }}
        />
      )}
    />
  );
}
