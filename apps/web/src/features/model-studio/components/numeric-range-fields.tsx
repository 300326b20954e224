import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { TModel, TOption } from '../logic/model-edits';
import { ExpressionField } from './expression-field';

type TRange = NonNullable<TOption['range']>;

type TNumericRangeFieldsProps = {
  model: TModel;
  option: TOption;
  index: number;
  errors: Record<string, string>;
  onChange: (option: TOption) => void;
};

/** A bound as stored: a number when the text is one, else an expression the engine evaluates. */
const boundOf = (text: string): number | string =>
  text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text;

/** A number option's range: smallest and largest (numbers or expressions), the step and the words for it. */
export function NumericRangeFields({ model, option, index, errors, onChange }: TNumericRangeFieldsProps) {
  const range: TRange = option.range ?? { min: 0, max: 100 };
  const set = (patch: Partial<TRange>) => onChange({ ...option, range: { ...range, ...patch } });
  const path = `options[${index}].range`;
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <ExpressionField
          label="Smallest"
          value={String(range.min)}
          model={model}
          expected="number"
          onChange={(text) => set({ min: boundOf(text) })}
          serverError={errors[`${path}.min`]}
        />
        <ExpressionField
          label="Largest"
          value={String(range.max)}
          model={model}
          expected="number"
          onChange={(text) => set({ max: boundOf(text) })}
          serverError={errors[`${path}.max`]}
        />
        <TextField
          label="Step"
          value={range.increment === undefined ? '' : String(range.increment)}
          onChange={(event) => {
            const step = Number(event.target.value);
            set({ increment: event.target.value === '' || !(step > 0) ? undefined : step });
          }}
          error={Boolean(errors[`${path}.increment`])}
          helperText={errors[`${path}.increment`]}
          fullWidth
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Stack>
      <TextField
        label="What the range means"
        value={range.description ?? ''}
        onChange={(event) => set({ description: event.target.value === '' ? undefined : event.target.value })}
        helperText="Why not? names the bound with it, e.g. 'The width fits the frame'"
        fullWidth
      />
    </Stack>
  );
}
