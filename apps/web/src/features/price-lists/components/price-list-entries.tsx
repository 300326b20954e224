import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type Control, useController, useFieldArray } from 'react-hook-form';
import { FormSelectField } from '../../../ui/form-select-field';
import { FormTextField } from '../../../ui/form-text-field';
import { newEntry, type TPriceListForm } from './price-list-form.schema';
import { ProductPicker } from './product-picker';

const KIND_OPTIONS = [
  { value: 'price', label: 'Price ($)' },
  { value: 'percent', label: '% of list' },
];

/** Product, from quantity, kind, value, remove: one row of the table; on phones the cells wrap under each other. */
const ROW_COLUMNS = { xs: '1fr 1fr', md: 'minmax(0, 2.4fr) 0.9fr 1.2fr 1fr 40px' };

function ProductCell({ control, index }: { control: Control<TPriceListForm>; index: number }) {
  const { field: productId, fieldState } = useController({ control, name: `entries.${index}.productId` });
  const { field: productLabel } = useController({ control, name: `entries.${index}.productLabel` });
  return (
    <ProductPicker
      label="Product"
      value={productId.value === null ? null : { id: productId.value, label: productLabel.value }}
      error={fieldState.error?.message}
      onPick={(picked) => {
        productId.onChange(picked?.id ?? null);
        productLabel.onChange(picked?.label ?? '');
      }}
    />
  );
}

/**
 * The list's entries as an editable table: each row is one tier of a product (from a quantity on, a price or a
 * percentage of list); a product's tiers are rows with the same product.
 */
export function PriceListEntries({ control }: { control: Control<TPriceListForm> }) {
  const { fields, append, remove } = useFieldArray({ control, name: 'entries' });
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" sx={{ alignItems: 'baseline', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 650 }}>
          Entries
        </Typography>
        <Typography variant="body2" color="text.secondary">
          A line takes its product’s tier with the highest From Qty at or below its quantity.
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
            options={KIND_OPTIONS}
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
