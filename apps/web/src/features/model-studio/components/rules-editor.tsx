import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { moveItem, nextId, removeAt, replaceAt, type TConstraint, usedIds } from '../logic/model-edits';
import { AddButton } from './add-button';
import type { TEditorProps } from './editor-props';
import { ExpressionField } from './expression-field';
import { ReorderList } from './reorder-list';
import { TableConstraintEditor } from './table-constraint-editor';

/** Constraints: rules written in the expression language and compatibility tables. */
export function RulesEditor({ model, setModel, errors }: TEditorProps) {
  const set = (index: number, constraint: TConstraint) =>
    setModel((current) => ({ ...current, constraints: replaceAt(current.constraints, index, constraint) }));
  const add = (kind: TConstraint['kind']) =>
    setModel((current) => {
      const id = nextId(kind === 'rule' ? 'rule' : 'table', usedIds(current));
      const finite = current.options.filter((option) => option.kind === 'single' || option.kind === 'boolean');
      const constraint: TConstraint =
        kind === 'rule'
          ? { kind: 'rule', id, rule: '' }
          : { kind: 'table', id, options: finite.slice(0, 2).map((o) => o.id), semantics: 'allowed', tuples: [] };
      return { ...current, constraints: [...current.constraints, constraint] };
    });
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary" variant="body2">
        Every configuration must satisfy every rule. A rule reads options by their names in rules, e.g.{' '}
        <code>top = 'glass' implies legs = 'steel'</code>.
      </Typography>
      <ReorderList
        items={model.constraints}
        labelOf={(constraint) => constraint.description || constraint.id}
        onMove={(from, to) =>
          setModel((current) => ({ ...current, constraints: moveItem(current.constraints, from, to) }))
        }
        onRemove={(index) => setModel((current) => ({ ...current, constraints: removeAt(current.constraints, index) }))}
        render={(constraint, index) => (
          <Stack spacing={1.5}>
            <TextField
              label="What it means"
              size="small"
              value={constraint.description ?? ''}
              onChange={(event) => set(index, { ...constraint, description: event.target.value || undefined })}
              helperText="Why not? shows these words to the buyer"
              fullWidth
            />
            {constraint.kind === 'rule' ? (
              <ExpressionField
                label="Rule"
                value={constraint.rule}
                model={model}
                expected="boolean"
                serverError={errors[`constraints[${index}].rule`]}
                onChange={(rule) => set(index, { ...constraint, rule })}
              />
            ) : (
              <TableConstraintEditor
                model={model}
                table={constraint}
                path={`constraints[${index}]`}
                errors={errors}
                onChange={(table) => set(index, table)}
              />
            )}
          </Stack>
        )}
      />
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <AddButton isOutlined onClick={() => add('rule')}>
          Add rule
        </AddButton>
        <AddButton isOutlined onClick={() => add('table')}>
          Add compatibility table
        </AddButton>
      </Stack>
    </Stack>
  );
}
