import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { moveItem, nextId, removeAt, replaceAt, type TModel } from '../logic/model-edits';
import { AddButton } from './add-button';
import type { TEditorProps } from './editor-props';
import { ExpressionField } from './expression-field';
import { PriceField } from './price-field';
import { QuantityBreaksEditor } from './quantity-breaks-editor';
import { ReorderList } from './reorder-list';

type TPriceLine = NonNullable<NonNullable<TModel['pricing']>['lines']>[number];

/** The base price and the price lines (an amount formula in cents, added while its condition holds). */
export function PricingEditor({ model, setModel, errors }: TEditorProps) {
  const lines = model.pricing?.lines ?? [];
  const base = model.pricing?.base;
  const setLines = (next: TPriceLine[]) =>
    setModel((current) => ({ ...current, pricing: { base: current.pricing?.base ?? 0, lines: next } }));
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary" variant="body2">
        The price is the base price, plus each chosen value’s price, plus every price line whose condition holds.
      </Typography>
      <PriceField
        label="Base price"
        cents={base}
        isOptional={false}
        serverError={errors['pricing.base']}
        onChange={(cents) => setModel((current) => ({ ...current, pricing: { ...current.pricing, base: cents ?? 0 } }))}
      />
      <Typography variant="subtitle2" component="h3">
        Price lines
      </Typography>
      <ReorderList
        items={lines}
        labelOf={(line) => line.caption || line.id}
        onMove={(from, to) => setLines(moveItem(lines, from, to))}
        onRemove={(index) => setLines(removeAt(lines, index))}
        render={(line, index) => (
          <Stack spacing={1.5}>
            <TextField
              label="Caption"
              size="small"
              value={line.caption ?? ''}
              onChange={(event) =>
                setLines(replaceAt(lines, index, { ...line, caption: event.target.value || undefined }))
              }
              fullWidth
            />
            <ExpressionField
              label="Added when"
              value={line.when ?? ''}
              model={model}
              expected="boolean"
              isOptional
              helperText="Empty: always"
              serverError={errors[`pricing.lines[${index}].when`]}
              onChange={(text) => setLines(replaceAt(lines, index, { ...line, when: text || undefined }))}
            />
            <ExpressionField
              label="Amount in cents"
              value={line.amount}
              model={model}
              expected="number"
              helperText="e.g. width * 12"
              serverError={errors[`pricing.lines[${index}].amount`]}
              onChange={(text) => setLines(replaceAt(lines, index, { ...line, amount: text }))}
            />
            <QuantityBreaksEditor
              breaks={line.quantityBreaks ?? []}
              path={`pricing.lines[${index}]`}
              errors={errors}
              onChange={(quantityBreaks) => setLines(replaceAt(lines, index, { ...line, quantityBreaks }))}
            />
          </Stack>
        )}
      />
      <AddButton
        onClick={() =>
          setLines([
            ...lines,
            {
              id: nextId(
                'price',
                lines.map((line) => line.id),
              ),
              amount: '0',
            },
          ])
        }
      >
        Add price line
      </AddButton>
    </Stack>
  );
}
