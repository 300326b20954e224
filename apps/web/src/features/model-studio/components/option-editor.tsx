import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { renameOption, type TOption } from '../logic/model-edits';
import type { TEditorProps } from './editor-props';
import { ExpressionField } from './expression-field';
import { NumericRangeFields } from './numeric-range-fields';
import { ValuesEditor } from './values-editor';

const KINDS: { kind: TOption['kind']; label: string }[] = [
  { kind: 'single', label: 'List of values' },
  { kind: 'boolean', label: 'Checkbox (yes or no)' },
  { kind: 'number', label: 'Number' },
  { kind: 'text', label: 'Text' },
];

const DISPLAY_TYPES: Record<TOption['kind'], { type: TOption['displayType']; label: string }[]> = {
  single: [
    { type: 'dropdown', label: 'Drop-down' },
    { type: 'typeabledropdown', label: 'Drop-down with typing' },
    { type: 'radiobuttonhorizontal', label: 'Radio buttons' },
    { type: 'imageandtexthorizontal', label: 'Images with text' },
    { type: 'imagedropdown', label: 'Drop-down with images' },
  ],
  boolean: [{ type: 'checkbox', label: 'Checkbox' }],
  number: [
    { type: 'numerictextbox', label: 'Number field' },
    { type: 'numericcontrol', label: 'Number with steps' },
  ],
  text: [
    { type: 'textbox', label: 'One line' },
    { type: 'textarea', label: 'Several lines' },
  ],
};

type TOptionEditorProps = Pick<TEditorProps, 'model' | 'setModel' | 'errors'> & {
  option: TOption;
  index: number;
  onChange: (option: TOption) => void;
};

/** One option's fields: name in rules, caption, kind and widget, required, default, tooltip, range or values. */
export function OptionEditor({ model, option, index, errors, setModel, onChange }: TOptionEditorProps) {
  const at = (field: string) => errors[`options[${index}].${field}`] ?? errors[`options[${index}]`];
  const set = (patch: Partial<TOption>) => onChange({ ...option, ...patch });
  const optional = (value: string) => (value === '' ? undefined : value);

  const handleKind = (kind: TOption['kind']) => {
    const displayType = DISPLAY_TYPES[kind][0]?.type ?? 'dropdown';
    onChange({
      ...option,
      kind,
      displayType,
      values: kind === 'single' ? (option.values ?? []) : undefined,
      range: kind === 'number' ? (option.range ?? { min: 0, max: 100 }) : undefined,
      default: undefined,
    });
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          label="Caption"
          value={option.caption}
          onChange={(event) => set({ caption: event.target.value })}
          error={Boolean(errors[`options[${index}].caption`])}
          helperText={errors[`options[${index}].caption`]}
          fullWidth
        />
        <TextField
          label="Name in rules"
          value={option.id}
          onChange={(event) => {
            const to = event.target.value.replace(/[^A-Za-z0-9_]/g, '');
            setModel((current) => renameOption(current, option.id, to));
          }}
          error={Boolean(errors[`options[${index}].id`])}
          helperText={errors[`options[${index}].id`] ?? 'Letters, digits and _; rules use it'}
          fullWidth
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          select
          label="Kind"
          value={option.kind}
          onChange={(event) => handleKind(event.target.value as TOption['kind'])}
          fullWidth
        >
          {KINDS.map((entry) => (
            <MenuItem key={entry.kind} value={entry.kind}>
              {entry.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Shown as"
          value={option.displayType}
          onChange={(event) => set({ displayType: event.target.value as TOption['displayType'] })}
          error={Boolean(at('displayType'))}
          helperText={errors[`options[${index}].displayType`]}
          fullWidth
        >
          {DISPLAY_TYPES[option.kind].map((entry) => (
            <MenuItem key={entry.type} value={entry.type}>
              {entry.label}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <DefaultField option={option} index={index} errors={errors} onChange={onChange} />
        <FormControlLabel
          control={
            <Checkbox
              checked={option.required ?? false}
              onChange={(event) => set({ required: event.target.checked || undefined })}
            />
          }
          label="Required"
          sx={{ flexShrink: 0 }}
        />
      </Stack>
      <TextField
        label="Tooltip"
        value={option.tooltip ?? ''}
        onChange={(event) => set({ tooltip: optional(event.target.value) })}
        fullWidth
      />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <ExpressionField
          label="Shown when"
          value={option.visibleWhen ?? ''}
          model={model}
          expected="boolean"
          isOptional
          helperText="Empty: always"
          serverError={errors[`options[${index}].visibleWhen`]}
          onChange={(text) => set({ visibleWhen: optional(text) })}
        />
        <ExpressionField
          label="Can be changed when"
          value={option.enabledWhen ?? ''}
          model={model}
          expected="boolean"
          isOptional
          helperText="Empty: always"
          serverError={errors[`options[${index}].enabledWhen`]}
          onChange={(text) => set({ enabledWhen: optional(text) })}
        />
      </Stack>
      {option.kind === 'number' && (
        <NumericRangeFields model={model} option={option} index={index} errors={errors} onChange={onChange} />
      )}
      {option.kind === 'single' && (
        <ValuesEditor option={option} optionIndex={index} errors={errors} onChange={onChange} />
      )}
    </Stack>
  );
}

type TDefaultFieldProps = Pick<TOptionEditorProps, 'option' | 'index' | 'errors' | 'onChange'>;

/** The value an option starts with: one of its values, yes or no, a number or a text. */
function DefaultField({ option, index, errors, onChange }: TDefaultFieldProps) {
  const error = errors[`options[${index}].default`];
  const value = option.default === undefined ? '' : String(option.default);
  const setDefault = (text: string) => {
    if (text === '') return onChange({ ...option, default: undefined });
    if (option.kind === 'number')
      return onChange({ ...option, default: Number.isFinite(Number(text)) ? Number(text) : text });
    onChange({ ...option, default: text });
  };
  if (option.kind === 'single' || option.kind === 'boolean') {
    const choices =
      option.kind === 'boolean'
        ? [
            { value: 'True', label: 'Yes' },
            { value: 'False', label: 'No' },
          ]
        : (option.values ?? []).map((entry) => ({ value: entry.value, label: entry.caption || entry.value }));
    return (
      <TextField
        select
        label="Default"
        value={choices.some((choice) => choice.value === value) ? value : ''}
        onChange={(event) => setDefault(event.target.value)}
        error={Boolean(error)}
        helperText={error}
        fullWidth
      >
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
        {choices.map((choice) => (
          <MenuItem key={choice.value} value={choice.value}>
            {choice.label}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  return (
    <TextField
      label="Default"
      value={value}
      onChange={(event) => setDefault(event.target.value)}
      error={Boolean(error)}
      helperText={error}
      fullWidth
      slotProps={{ htmlInput: { inputMode: option.kind === 'number' ? 'decimal' : 'text' } }}
    />
  );
}
