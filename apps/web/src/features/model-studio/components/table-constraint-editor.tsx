import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { removeAt, replaceAt, type TConstraint, type TModel, type TOption } from '../logic/model-edits';
import { AddButton } from './add-button';

type TTable = Extract<TConstraint, { kind: 'table' }>;

type TTableConstraintEditorProps = {
  model: TModel;
  table: TTable;
  path: string;
  errors: Record<string, string>;
  onChange: (table: TTable) => void;
};

const domainOf = (option: TOption | undefined): { value: string; label: string }[] =>
  option?.kind === 'boolean'
    ? [
        { value: 'True', label: 'Yes' },
        { value: 'False', label: 'No' },
      ]
    : (option?.values ?? []).map((entry) => ({ value: entry.value, label: entry.caption || entry.value }));

/**
 * A compatibility table as a grid: its columns are options, each row one combination of their values, and the
 * table says whether the rows are the only combinations allowed or combinations forbidden.
 */
export function TableConstraintEditor({ model, table, path, errors, onChange }: TTableConstraintEditorProps) {
  const finite = model.options.filter((option) => option.kind === 'single' || option.kind === 'boolean');
  const columns = table.options.map((id) => model.options.find((option) => option.id === id));
  const setColumns = (ids: string[]) =>
    onChange({
      ...table,
      options: ids,
      tuples: table.tuples.map((tuple) => ids.map((id) => tuple[table.options.indexOf(id)] ?? '')),
    });
  const addRow = () =>
    onChange({ ...table, tuples: [...table.tuples, columns.map((o) => domainOf(o)[0]?.value ?? '')] });
  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <TextField
          select
          size="small"
          label="Options (columns)"
          value={table.options}
          onChange={(event) => setColumns(event.target.value as unknown as string[])}
          error={Boolean(errors[`${path}.options`])}
          helperText={errors[`${path}.options`]}
          slotProps={{ select: { multiple: true } }}
          fullWidth
        >
          {finite.map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.caption || option.id}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="The rows are"
          value={table.semantics}
          onChange={(event) => onChange({ ...table, semantics: event.target.value as TTable['semantics'] })}
          fullWidth
        >
          <MenuItem value="allowed">The only combinations allowed</MenuItem>
          <MenuItem value="forbidden">Combinations forbidden</MenuItem>
        </TextField>
      </Stack>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Combinations">
          <TableHead>
            <TableRow>
              {columns.map((option, index) => (
                <TableCell key={table.options[index]}>{option?.caption || table.options[index]}</TableCell>
              ))}
              <TableCell padding="checkbox" />
            </TableRow>
          </TableHead>
          <TableBody>
            {table.tuples.map((tuple, row) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place
              <TableRow key={row}>
                {columns.map((option, column) => (
                  <TableCell key={table.options[column]} sx={{ minWidth: 140 }}>
                    <TextField
                      select
                      size="small"
                      value={tuple[column] ?? ''}
                      slotProps={{
                        select: {
                          SelectDisplayProps: {
                            'aria-label': `Row ${row + 1}, ${option?.caption ?? table.options[column]}`,
                          },
                        },
                      }}
                      error={Boolean(errors[`${path}.tuples[${row}][${column}]`] ?? errors[`${path}.tuples[${row}]`])}
                      onChange={(event) =>
                        onChange({
                          ...table,
                          tuples: replaceAt(table.tuples, row, replaceAt(tuple, column, event.target.value)),
                        })
                      }
                      fullWidth
                    >
                      {domainOf(option).map((entry) => (
                        <MenuItem key={entry.value} value={entry.value}>
                          {entry.label}
                        </MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                ))}
                <TableCell padding="checkbox">
                  <IconButton
                    size="small"
                    aria-label={`Delete row ${row + 1}`}
                    onClick={() => onChange({ ...table, tuples: removeAt(table.tuples, row) })}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {table.tuples.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No rows yet.
        </Typography>
      )}
      <AddButton onClick={addRow} disabled={columns.length === 0}>
        Add row
      </AddButton>
    </Stack>
  );
}
