import type { TProductView } from '@cpq/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../../lib/api';
import { useDebouncedSearch } from '../../../ui/generic-list/use-debounced-search';
import { productsApi } from '../../products/api/products.api';

type TPicked = { id: number; label: string };

const labelOf = (product: TProductView) => `${product.ProductNumber} · ${product.Name}`;

type TProductPickerProps = {
  value: TPicked | null;
  label: string;
  error?: string;
  onPick: (picked: TPicked | null) => void;
};

/** A product of the platform, searched on the server by part number or name (the first 20 that match). */
export function ProductPicker({ value, label, error, onPick }: TProductPickerProps) {
  const [search, setSearch] = useState('');
  const searchBox = useDebouncedSearch(setSearch);
  const [isOpen, setIsOpen] = useState(false);
  const products = useQuery({
    queryKey: ['products', 'pick', search],
    queryFn: ({ signal }) => productsApi.getProducts({ search: search || undefined, limit: 20 }, signal),
    placeholderData: keepPreviousData,
    enabled: isOpen,
  });
  const options: TPicked[] = (products.data?.rows ?? []).map((product) => ({
    id: product.ID,
    label: labelOf(product),
  }));
  return (
    <Autocomplete
      size="small"
      sx={{ minWidth: 0 }}
      open={isOpen}
      onOpen={() => setIsOpen(true)}
      onClose={() => setIsOpen(false)}
      options={value && !options.some((option) => option.id === value.id) ? [value, ...options] : options}
      value={value}
      filterOptions={(all) => all}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={products.isFetching}
      onInputChange={(_event, text, reason) => {
        if (reason === 'input' || reason === 'clear') searchBox.change(text);
      }}
      onChange={(_event, picked) => {
        searchBox.clear();
        onPick(picked);
      }}
      noOptionsText={products.isError ? errorText(products.error) : 'No products match. Try a part number or name.'}
      renderInput={(params) => (
        <TextField {...params} label={label} required error={Boolean(error)} helperText={error} />
      )}
    />
  );
}
