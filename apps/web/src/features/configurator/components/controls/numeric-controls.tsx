import { formatNumber } from '@cpq/contracts';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Slider from '@mui/material/Slider';
import { useState } from 'react';
import { TextInput } from '../../../../ui/text-input';
import { displayText, formatFraction, isFractionFormat, parseNumberText } from '../../logic/option-value';
import { fieldPropsOf, helperIdOf, labelOf, submitKeys, type TControlProps } from './control-props';

/** The spec's slider defaults: min 0, max 1, step 0.1. */
export const SLIDER_DEFAULTS = { min: 0, max: 1, step: 0.1 } as const;

/** numerictextbox: a number field; Tab or Enter submits, thousands commas are welcome. */
export function NumericTextControl(props: TControlProps) {
  const { option, draft, error, onDraft, onSubmit } = props;
  const min = option.Ranges?.Min;
  const max = option.Ranges?.Max;
  const range = min != null && max != null ? `${formatNumber(min)} and ${formatNumber(max)}` : '';
  return (
    <TextInput
      {...fieldPropsOf(props)}
      helperText={error ?? (range ? `Between ${range}` : undefined)}
      value={draft ?? displayText(option)}
      onChange={(event) => onDraft(event.target.value)}
      onKeyDown={submitKeys(onSubmit)}
      inputProps={{ inputMode: 'decimal', autoComplete: 'off' }}
    />
  );
}

/**
 * numericcontrol: the caption above a slider with a number field beside it. Letting go of the slider sends the
 * value; typing in the field is sent on Tab or Enter. Fraction options show mixed numbers (18 1/2).
 */
export function NumericSliderControl(props: TControlProps) {
  const { option, inputId, draft, error, isDisabled, onDraft, onSubmit, onPick } = props;
  const min = option.Ranges?.Min ?? SLIDER_DEFAULTS.min;
  const max = option.Ranges?.Max ?? SLIDER_DEFAULTS.max;
  const step = option.Ranges?.Increment || SLIDER_DEFAULTS.step;
  const isFraction = isFractionFormat(option);
  const format = (value: number) => (isFraction ? formatFraction(value) : formatNumber(value));
  const engineValue = parseNumberText(option.Value);
  const typedValue = draft === undefined ? null : parseNumberText(draft, isFraction);
  const [dragged, setDragged] = useState<number | null>(null);
  const shown = dragged ?? typedValue ?? engineValue ?? min;
  const labelId = `${inputId}-label`;
  const helperId = helperIdOf(inputId);
  return (
    <FormControl fullWidth required={option.IsRequired} error={Boolean(error)} disabled={isDisabled}>
      <FormLabel id={labelId} htmlFor={inputId} sx={{ mb: 0.5, fontWeight: 600, color: 'text.primary' }}>
        {labelOf(option)}
      </FormLabel>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: { xs: 2, sm: 3 } }}>
        <Box sx={{ flex: 1, minWidth: 0, px: 1.5, pt: 1 }}>
          <Slider
            value={Math.min(Math.max(shown, min), max)}
            min={min}
            max={max}
            step={step}
            disabled={isDisabled}
            marks={[
              { value: min, label: format(min) },
              { value: max, label: format(max) },
            ]}
            valueLabelDisplay="auto"
            valueLabelFormat={format}
            getAriaValueText={format}
            slotProps={{ input: { 'aria-labelledby': labelId, 'aria-describedby': helperId } }}
            onChange={(_event, value) => setDragged(value)}
            onChangeCommitted={(_event, value) => {
              setDragged(null);
              onPick(String(value));
            }}
          />
        </Box>
        <OutlinedInput
          id={inputId}
          value={dragged === null ? (draft ?? displayText(option)) : format(dragged)}
          onChange={(event) => onDraft(event.target.value)}
          onKeyDown={submitKeys(onSubmit)}
          inputProps={{ inputMode: 'decimal', autoComplete: 'off', 'aria-describedby': helperId }}
          sx={{ width: { xs: 104, sm: 128 }, flexShrink: 0 }}
        />
      </Box>
      <FormHelperText id={helperId}>{error ?? `Between ${format(min)} and ${format(max)}`}</FormHelperText>
    </FormControl>
  );
}
