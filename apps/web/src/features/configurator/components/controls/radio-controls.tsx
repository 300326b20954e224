import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { helperIdOf, labelOf, listedValues, type TControlProps } from './control-props';

/** The fieldset both radio controls share: legend with the asterisk, the group, and the error beneath. */
function RadioFieldset({
  option,
  inputId,
  error,
  isDisabled,
  onPick,
  children,
}: Pick<TControlProps, 'option' | 'inputId' | 'error' | 'isDisabled' | 'onPick'> & { children: ReactNode }) {
  const labelId = `${inputId}-label`;
  const helperId = helperIdOf(inputId);
  return (
    <FormControl
      component="fieldset"
      required={option.IsRequired}
      error={Boolean(error)}
      disabled={isDisabled}
      fullWidth
    >
      <FormLabel component="legend" id={labelId} sx={{ mb: 1, fontWeight: 600, color: 'text.primary' }}>
        {labelOf(option)}
      </FormLabel>
      <RadioGroup
        row
        id={inputId}
        aria-labelledby={labelId}
        aria-describedby={error ? helperId : undefined}
        value={option.Value}
        onChange={(event) => onPick(event.target.value)}
        sx={{ gap: 1 }}
      >
        {children}
      </RadioGroup>
      {error && <FormHelperText id={helperId}>{error}</FormHelperText>}
    </FormControl>
  );
}

/** radiobuttonhorizontal: radios in a row, each about a fifth to a sixth of a wide screen, wrapping on phones. */
export function RadioHorizontalControl(props: TControlProps) {
  return (
    <RadioFieldset {...props}>
      {listedValues(props.option).map((value) => (
        <FormControlLabel
          key={value.Value}
          value={value.Value}
          disabled={props.isDisabled || !value.IsEnabled}
          control={<Radio />}
          label={value.Caption}
          sx={{
            m: 0,
            pr: 1,
            alignItems: 'center',
            // About a sixth to a fifth of a wide row, never so narrow that a caption breaks word by word.
            flex: { xs: '1 1 100%', sm: '0 1 auto', lg: '1 1 0' },
            minWidth: { lg: 'max(16.7%, 150px)' },
            maxWidth: { lg: 'max(20%, 240px)' },
            border: 1,
            borderColor: props.option.Value === value.Value ? 'primary.main' : 'divider',
            borderRadius: 2,
            '& .MuiFormControlLabel-label': { lineHeight: 1.3, py: 1 },
          }}
        />
      ))}
    </RadioFieldset>
  );
}

/** imageandtexthorizontal: selectable cards with a picture and a caption; each card is a labelled radio. */
export function ImageCardsControl(props: TControlProps) {
  return (
    <RadioFieldset {...props}>
      {listedValues(props.option).map((value) => {
        const isSelected = props.option.Value === value.Value;
        const isUnavailable = !value.IsEnabled;
        return (
          <FormControlLabel
            key={value.Value}
            value={value.Value}
            disabled={props.isDisabled || isUnavailable}
            control={<Radio sx={{ position: 'absolute', top: 4, right: 4 }} />}
            label={
              <Box sx={{ display: 'grid', justifyItems: 'center', gap: 1, pt: 1 }}>
                {value.ImageLink && (
                  <Box
                    component="img"
                    src={value.ImageLink}
                    alt=""
                    sx={{
                      width: '100%',
                      height: { xs: 84, md: 110 },
                      objectFit: 'contain',
                      filter: isUnavailable ? 'grayscale(1)' : undefined,
                      opacity: isUnavailable ? 0.55 : 1,
                    }}
                  />
                )}
                <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'center', lineHeight: 1.3 }}>
                  {value.Caption}
                </Typography>
              </Box>
            }
            sx={{
              position: 'relative',
              m: 0,
              p: 1.5,
              pt: 2,
              flex: { xs: '0 1 calc(50% - 4px)', md: '1 1 0' },
              minWidth: { xs: 128, md: 140 },
              maxWidth: { md: 240 },
              display: 'grid',
              border: 2,
              borderColor: isSelected ? 'primary.main' : 'divider',
              borderRadius: 3,
              bgcolor: isSelected ? 'action.selected' : 'background.paper',
              transition: (theme) => theme.transitions.create(['border-color', 'background-color']),
              '&:hover': { borderColor: isUnavailable ? 'divider' : 'primary.light' },
              '&:has(input:focus-visible)': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          />
        );
      })}
    </RadioFieldset>
  );
}
