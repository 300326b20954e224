import type { TCustomer } from '@cpq/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText } from '../../../lib/api';
import { useDebouncedSearch } from '../../../ui/generic-list/use-debounced-search';
import { customerName } from '../../customers/logic/customer-name';
import { quotesApi } from '../api/quotes.api';

const optionLabel = (customer: TCustomer): string =>
  [customerName(customer) || customer.erpId, customer.companyName, customer.erpId].filter(Boolean).join(' · ');

type TCustomerPickerProps = {
  quoteId: number;
  /** The quote's chosen customer's id (null: typed by hand). */
  customerId: number | null;
  isPending: boolean;
  onPick: (customerId: number | null) => void;
};

/**
 * The autofill of a registered user or an administrator: search the customers of the quote's platform and copy one
 * onto the quote (contact, billing and shipping addresses), or let go of it.
 */
export function CustomerPicker({ quoteId, customerId, isPending, onPick }: TCustomerPickerProps) {
  const [search, setSearch] = useState('');
  const searchBox = useDebouncedSearch(setSearch);
  const customers = useQuery({
    queryKey: ['quotes', quoteId, 'customers', search],
    queryFn: ({ signal }) => quotesApi.findQuoteCustomers({ quoteId, search: search || undefined }, signal),
    placeholderData: keepPreviousData,
  });
  const options = customers.data?.rows ?? [];
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} sx={{ gap: 1.5, alignItems: { md: 'flex-start' } }}>
      <Autocomplete
        sx={{ flex: 1, minWidth: 0 }}
        options={options}
        value={null}
        filterOptions={(all) => all}
        getOptionLabel={optionLabel}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        loading={customers.isFetching}
        inputValue={searchBox.text}
        onInputChange={(_event, text, reason) => {
          if (reason === 'input' || reason === 'clear') searchBox.change(text);
        }}
        onChange={(_event, customer) => {
          if (!customer) return;
          searchBox.clear();
          onPick(customer.id);
        }}
        disabled={isPending}
        noOptionsText={customers.isError ? errorText(customers.error) : 'No customers match. Try another name.'}
        renderInput={(params) => (
          <TextField
            {...params}
            label="Autofill from a customer"
            helperText="Search by name, company or ERP ID; the contact and addresses are copied."
          />
        )}
      />
      {customerId !== null && (
        <Button
          color="inherit"
          variant="outlined"
          disabled={isPending}
          onClick={() => onPick(null)}
          sx={{ minHeight: 56 }}
        >
          Unlink customer
        </Button>
      )}
    </Stack>
  );
}
