import { CURRENCY_SYMBOLS, formatCurrency, isCurrency } from '@cpq/contracts';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type Control, useController, useFieldArray } from 'react-hook-form';
import { FormSelectField } from '../../../ui/form-select-field';
import { FormTextField } from '../../../ui/form-text-field';
import { usePricedValues } from '../hooks/use-price-lists';
import { newEntry, type TPriceListForm } from './price-list-form.schema';
import { ProductPicker } from './product-picker';

const kindOptions = (currency: string) => [
  { value: 'price', label: `Price (${isCurrency(currency) ? CURRENCY_SYMBOLS[currency].trim() : currency})` },
  { value: 'percent', label: '% of list' },
];

/**
 * Product, priced value, from quantity, kind, value, remove: one row of the table; on phones the cells wrap under
 * each other.
 */
const ROW_COLUMNS = { xs: '1fr 1fr', md: 'minmax(0, 2fr) minmax(0, 1.8fr) 0.8fr 1fr 0.9fr 40px' };

type TCellProps = { control: Control<TPriceListForm>; index: number };

function ProductCell({ control, index }: TCellProps) {
  const { field: productId, fieldState } = useController({ control, name: `entries.${index}.productId` });
  const { field: productLabel } = useController({ control, name: `entries.${index}.productLabel` });
  const { field: optionId } = useController({ control, name: `entries.${index}.optionId` });
  const { field: valueId } = useController({ control, name: `entries.${index}.valueId` });
  return (
    <ProductPicker
      label="Product"
      value={productId.value === null ? null : { id: productId.value, label: productLabel.value }}
      error={fieldState.error?.message}
      onPick={(picked) => {
        productId.onChange(picked?.id ?? null);
        productLabel.onChange(picked?.label ?? '');
        // Another product has other values: the row prices the whole product again.
        optionId.onChange('');
        valueId.onChange('');
      }}
    />
  );
}

const WHOLE_PRODUCT = '';
const keyOf = (optionId: string, valueId: string) => (optionId ? JSON.stringify([optionId, valueId]) : WHOLE_PRODUCT);

/**
 * What of the product the row prices: the whole product, or one priced value of a configurable product's model
 * (its part of a configured line), loaded from the server for the row's product.
 */
function PricedValueCell({ control, index, currency }: TCellProps & { currency: string }) {
  const { field: productId } = useController({ control, name: `entries.${index}.productId` });
  const { field: optionId, fieldState } = useController({ control, name: `entries.${index}.optionId` });
  const { field: valueId, fieldState: valueState } = useController({ control, name: `entries.${index}.valueId` });
  const values = usePricedValues(productId.value);
  const rows = values.data?.rows ?? [];
  const current = keyOf(optionId.value, valueId.value);
  const isListed = current === WHOLE_PRODUCT || rows.some((row) => keyOf(row.optionId, row.valueId) === current);
  const error = fieldState.error?.message ?? valueState.error?.message;
  const hint = values.isError
    ? 'The product’s values could not be loaded.'
    : rows.length === 0 && productId.value !== null && !values.isFetching
      ? 'This product has no priced values.'
      : undefined;
  return (
    <TextField
      select
      size="small"
      label="Priced value"
      value={current}
      disabled={productId.value === null}
      error={Boolean(error)}
      helperText={error ?? hint}
      onChange={(event) => {
        const [option = '', value = ''] = event.target.value
          ? (JSON.parse(event.target.value) as [string, string])
          : [];
        optionId.onChange(option);
        valueId.onChange(value);
      }}
      sx={{ minWidth: 0 }}
    >
      <MenuItem value={WHOLE_PRODUCT}>Whole product</MenuItem>
      {!isListed && (
        <MenuItem value={current}>
          {optionId.value} = {valueId.value}
        </MenuItem>
      )}
      {rows.map((row) => (
        <MenuItem key={keyOf(row.optionId, row.valueId)} value={keyOf(row.optionId, row.valueId)}>
          {row.caption} ({formatCurrency(row.price, currency)})
        </MenuItem>
      ))}
    </TextField>
  );
}

/**
 * The list's entries as an editable table: each row is one tier of a product, or of one priced value of a
 * configurable product (from a quantity on, a price or a percentage of list); a product's tiers are rows with the
 * same product and value.
 */
export function PriceListEntries({ control, currency }: { control: Control<TPriceListForm>; currency: string }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'entries' });
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 650 }}>
          Entries
        </Typography>
        <Typography variant="body2" color="text.secondary">
          A line takes the tier with the highest From Qty at or below its quantity; a priced value’s tier prices that
          value of a configured line.
        </Typography>
      </Stack>
      {fields.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          No entries yet: every product is at its list price. Add a product’s price or a percentage of list.
        </Typography>
      )}
      {fields.map((row, index) => (
        <Box
          key={row.id}
          role="group"
          aria-label={`Entry ${index + 1}`}
          sx={{
            display: 'grid',
            gridTemplateColumns: ROW_COLUMNS,
            gap: 1.5,
            alignItems: 'start',
            pb: { xs: 1.5, md: 0 },
            borderBottom: { xs: 1, md: 0 },
            borderColor: 'divider',
            '& > :first-child': { gridColumn: { xs: '1 / -1', md: 'auto' } },
          }}
        >
          <ProductCell control={control} index={index} />
          <PricedValueCell control={control} index={index} currency={currency} />
          <FormTextField
            control={control}
            name={`entries.${index}.fromQuantity`}
            label="From Qty"
            size="small"
            inputMode="numeric"
            required
          />
          <FormSelectField
            control={control}
            name={`entries.${index}.kind`}
            label="Kind"
            size="small"
            options={kindOptions(currency)}
          />
          <FormTextField
            control={control}
            name={`entries.${index}.value`}
            label="Value"
            size="small"
            inputMode="decimal"
            required
          />
          <Tooltip title="Remove entry">
            <IconButton
              aria-label={`Remove entry ${index + 1}`}
              color="error"
              onClick={() => remove(index)}
              sx={{ justifySelf: { xs: 'end', md: 'center' }, mt: 0.25 }}
            >
              <DeleteOutline fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      ))}
      <Box>
        <Button startIcon={<AddOutlined />} variant="outlined" onClick={() => append(newEntry())}>
          Add Entry
        </Button>
      </Box>
    </Stack>
  );
}
