import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { removeAt, replaceAt, type TModel } from '../logic/model-edits';
import { AddButton } from './add-button';
import { NumberTextField, parseFactor, parseMinQuantity } from './number-text-field';

type TPriceLine = NonNullable<NonNullable<TModel['pricing']>['lines']>[number];
type TBreak = NonNullable<TPriceLine['quantityBreaks']>[number];

type TQuantityBreaksEditorProps = {
  breaks: readonly TBreak[];
  onChange: (next: TBreak[] | undefined) => void;
  /** The line's path in the model ('pricing.lines[0]'), to find the server's errors of its breaks. */
  path: string;
  errors: Record<string, string>;
};

/** A price line's quantity breaks: from a quantity on, the line's amount is multiplied by the factor. */
export function QuantityBreaksEditor({ breaks, onChange, path, errors }: TQuantityBreaksEditorProps) {
  const set = (next: TBreak[]) => onChange(next.length > 0 ? next : undefined);
  const errorAt = (index: number, field?: keyof TBreak) =>
    errors[`${path}.quantityBreaks[${index}]${field ? `.${field}` : ''}`];
  const last = breaks[breaks.length - 1];
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        Quantity breaks: from a quantity on, the amount is multiplied by the factor (0.9 takes 10% off).
      </Typography>
      {errors[`${path}.quantityBreaks`] && (
        <Typography variant="body2" color="error">
          {errors[`${path}.quantityBreaks`]}
        </Typography>
      )}
      {breaks.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: breaks have no id; a removal re-keys the rows below it.
        <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <NumberTextField
            label="From quantity"
            value={entry.minQuantity}
            onChange={(minQuantity) => set(replaceAt([...breaks], index, { ...entry, minQuantity: minQuantity ?? 1 }))}
            parse={parseMinQuantity}
            hint="Enter a whole number of 1 or more."
            serverError={errorAt(index, 'minQuantity') ?? errorAt(index)}
          />
          <NumberTextField
            label="Factor"
            value={entry.factor}
            onChange={(factor) => set(replaceAt([...breaks], index, { ...entry, factor: factor ?? 1 }))}
            parse={parseFactor}
            hint="Enter a factor of 0 or more, such as 0.9."
            serverError={errorAt(index, 'factor')}
          />
          <IconButton
            aria-label={`Delete quantity break ${index + 1}`}
            onClick={() => set(removeAt(breaks, index))}
            sx={{ mt: 0.25 }}
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Stack>
      ))}
      <AddButton
        onClick={() => set([...breaks, { minQuantity: (last?.minQuantity ?? 1) + (last ? 10 : 9), factor: 1 }])}
      >
        Add quantity break
      </AddButton>
    </Stack>
  );
}
