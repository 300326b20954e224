import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { type Control, useController } from 'react-hook-form';
import { FormTextField } from '../../../ui/form-text-field';
import type { TProductForm, TProductFormOutput } from './product-form.schema';

type TFieldsProps = { control: Control<TProductForm, unknown, TProductFormOutput> };

/** The switch between 'Fixed Price' and 'Configurable' (isNonConfigurable). */
export function PricingKindSwitch({ control }: TFieldsProps) {
  const { field } = useController({ control, name: 'isNonConfigurable' });
  return (
    <ToggleButtonGroup
      exclusive
      color="primary"
      value={field.value ? 'fixed' : 'configurable'}
      onChange={(_event, value: string | null) => value && field.onChange(value === 'fixed')}
      aria-label="Product kind"
      fullWidth
      sx={{ maxWidth: 420, '& .MuiToggleButton-root': { py: 1, fontWeight: 600, textTransform: 'none' } }}
    >
      <ToggleButton value="fixed">Fixed Price</ToggleButton>
      <ToggleButton value="configurable">Configurable</ToggleButton>
    </ToggleButtonGroup>
  );
}

/** Quantity In Stock and Fixed Price, for a fixed-price product. */
export function FixedPriceFields({ control }: TFieldsProps) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <FormTextField
        control={control}
        name="quantityInStock"
        label="Quantity In Stock"
        inputProps={{ inputMode: 'numeric' }}
      />
      <FormTextField
        control={control}
        name="defaultPrice"
        label="Fixed Price"
        inputProps={{ inputMode: 'decimal' }}
        startAdornment={<InputAdornment position="start">$</InputAdornment>}
        placeholder="0.00"
      />
    </Stack>
  );
}

/** The unit cost, which margins are taken from (seen by administrators and roles that show margins). */
export function CostField({ control }: TFieldsProps) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
      <FormTextField
        control={control}
        name="cost"
        label="Unit Cost"
        inputProps={{ inputMode: 'decimal' }}
        startAdornment={<InputAdornment position="start">$</InputAdornment>}
        placeholder="0.00"
        helperText="For margins on quotes; customers never see it."
      />
    </Stack>
  );
}

function FlagCheckbox({
  control,
  name,
  label,
  hint,
}: TFieldsProps & { name: 'isQuickConfig' | 'showInCatalog'; label: string; hint: ReactNode }) {
  const { field } = useController({ control, name });
  return (
    <FormControlLabel
      sx={{ alignItems: 'flex-start', m: 0, gap: 1 }}
      control={
        <Checkbox
          checked={field.value}
          onChange={(event) => field.onChange(event.target.checked)}
          sx={{ p: 0.5, mt: -0.25 }}
        />
      }
      label={
        <span>
          <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
            {label}
          </Typography>
          <Typography component="span" variant="body2" color="text.secondary">
            {hint}
          </Typography>
        </span>
      }
    />
  );
}

/** Where a configurable product's configuration lives, and how it shows up. */
export function ConfigurationFields({ control }: TFieldsProps) {
  return (
    <Stack spacing={2.5}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <FormTextField control={control} name="Ruleset" label="Ruleset" autoComplete="off" />
        <FormTextField control={control} name="Server" label="Server" autoComplete="off" />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <FormTextField control={control} name="ApplicationInstance" label="Application Instance" autoComplete="off" />
        <FormTextField control={control} name="ApplicationName" label="Application Name" autoComplete="off" />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <FormTextField control={control} name="HeaderId" label="Header Id" autoComplete="off" />
        <FormTextField control={control} name="Namespace" label="Namespace" autoComplete="off" />
        <FormTextField control={control} name="Profile" label="Profile" autoComplete="off" />
      </Stack>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 1.5, md: 4 }}>
        <FlagCheckbox
          control={control}
          name="isQuickConfig"
          label="Quick Configure"
          hint="Offer the short configurator."
        />
        <FlagCheckbox control={control} name="showInCatalog" label="Catalog" hint="Show the product in the catalog." />
      </Stack>
    </Stack>
  );
}
