import Box from '@mui/material/Box';
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
  const range = min != null && max != null ? `${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}` : '';
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
 * numericcontrol: a slider with a number field beside it. Letting go of the slider sends the value; typing in the
 * field is sent on Tab or Enter. Fraction options show mixed numbers (18 1/2).
 */
export function NumericSliderControl(props: TControlProps) {
  const { option, inputId, draft, isDisabled, onPick } = props;
  const min = option.Ranges?.Min ?? SLIDER_DEFAULTS.min;
  const max = option.Ranges?.Max ?? SLIDER_DEFAULTS.max;
  const step = option.Ranges?.Increment || SLIDER_DEFAULTS.step;
  const isFraction = isFractionFormat(option);
  const format = (value: number) => (isFraction ? formatFraction(value) : value.toLocaleString('en-US'));
  const engineValue = parseNumberText(option.Value);
  const typedValue = draft === undefined ? null : parseNumberText(draft, isFraction);
  const [dragged, setDragged] = useState<number | null>(null);
  const shown = dragged ?? typedValue ?? engineValue ?? min;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 160px' }, gap: 2, alignItems: 'start' }}>
      <Box sx={{ px: 1.5, pt: 1, order: { xs: 2, sm: 1 } }}>
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
          slotProps={{ input: { 'aria-label': labelOf(option), 'aria-describedby': helperIdOf(inputId) } }}
          onChange={(_event, value) => setDragged(value)}
          onChangeCommitted={(_event, value) => {
            setDragged(null);
            onPick(String(value));
          }}
        />
      </Box>
      <Box sx={{ order: { xs: 1, sm: 2 } }}>
        <NumericTextControl {...props} draft={dragged === null ? draft : format(dragged)} />
      </Box>
    </Box>
  );
}
