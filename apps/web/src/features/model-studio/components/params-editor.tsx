import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { moveItem, nextId, removeAt, replaceAt, type TModel } from '../logic/model-edits';
import { AddButton } from './add-button';
import type { TEditorProps } from './editor-props';
import { NumberTextField, parseDecimal } from './number-text-field';
import { ReorderList } from './reorder-list';

type TParam = NonNullable<TModel['params']>[number];

/** A param's error at the field the server named, or at the param as a whole. */
const errorAt = (errors: Record<string, string>, index: number, field: 'name' | 'type' | 'default') =>
  errors[`params[${index}].${field}`] ?? (field === 'name' ? errors[`params[${index}]`] : undefined);

/** The default a param starts with, in a field that fits its type (none: the configuration starts without one). */
function DefaultField({ param, error, onChange }: { param: TParam; error?: string; onChange: (next: TParam) => void }) {
  const set = (value: TParam['default']) => onChange({ ...param, default: value });
  if (param.type === 'boolean')
    return (
      <TextField
        select
        label="Default"
        size="small"
        value={typeof param.default === 'boolean' ? String(param.default) : ''}
        onChange={(event) => set(event.target.value === '' ? null : event.target.value === 'true')}
        error={Boolean(error)}
        helperText={error}
        fullWidth
      >
        <MenuItem value="">None</MenuItem>
        <MenuItem value="true">Yes</MenuItem>
        <MenuItem value="false">No</MenuItem>
      </TextField>
    );
  if (param.type === 'number')
    return (
      <NumberTextField
        label="Default"
        value={typeof param.default === 'number' ? param.default : undefined}
        onChange={(value) => set(value ?? null)}
        parse={parseDecimal}
        hint="Enter a number such as 12 or 0.5, or leave it empty for none."
        serverError={error}
        isOptional
      />
    );
  return (
    <TextField
      label="Default"
      size="small"
      value={typeof param.default === 'string' ? param.default : ''}
      onChange={(event) => set(event.target.value === '' ? null : event.target.value)}
      error={Boolean(error)}
      helperText={error ?? 'Empty: none'}
      fullWidth
    />
  );
}

/** The model's params: named inputs a configuration starts with, which rules and formulas may read. */
export function ParamsEditor({ model, setModel, errors }: TEditorProps) {
  const params = model.params ?? [];
  const setParams = (next: TParam[]) =>
    setModel((current) => ({ ...current, params: next.length > 0 ? next : undefined }));
  return (
    <Stack spacing={2} component="section" aria-labelledby="studio-params-heading">
      <Typography variant="subtitle2" component="h3" id="studio-params-heading">
        Params
      </Typography>
      <Typography color="text.secondary" variant="body2">
        Inputs a configuration starts with (such as the customer’s state), read by name in rules and formulas.
      </Typography>
      <ReorderList
        items={params}
        labelOf={(param, index) => param.name || `param ${index + 1}`}
        onMove={(from, to) => setParams(moveItem(params, from, to))}
        onRemove={(index) => setParams(removeAt(params, index))}
        render={(param, index) => (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5}>
            <TextField
              label="Name"
              size="small"
              value={param.name}
              onChange={(event) => setParams(replaceAt(params, index, { ...param, name: event.target.value }))}
              error={Boolean(errorAt(errors, index, 'name'))}
              helperText={errorAt(errors, index, 'name')}
              required
              fullWidth
            />
            <TextField
              select
              label="Type"
              size="small"
              value={param.type}
              onChange={(event) => {
                const type = event.target.value as TParam['type'];
                // A default of the old type would be refused, so a new type starts without one.
                setParams(replaceAt(params, index, { name: param.name, type, default: null }));
              }}
              error={Boolean(errorAt(errors, index, 'type'))}
              helperText={errorAt(errors, index, 'type')}
              sx={{ minWidth: 140 }}
            >
              <MenuItem value="string">Text</MenuItem>
              <MenuItem value="number">Number</MenuItem>
              <MenuItem value="boolean">Yes/No</MenuItem>
            </TextField>
            <DefaultField
              key={param.type}
              param={param}
              error={errorAt(errors, index, 'default')}
              onChange={(next) => setParams(replaceAt(params, index, next))}
            />
          </Stack>
        )}
      />
      <AddButton
        onClick={() =>
          setParams([
            ...params,
            {
              name: nextId(
                'param',
                params.map((param) => param.name),
              ),
              type: 'string',
              default: null,
            },
          ])
        }
      >
        Add param
      </AddButton>
    </Stack>
  );
}
