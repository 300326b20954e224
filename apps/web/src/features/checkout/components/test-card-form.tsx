import { zodResolver } from '@hookform/resolvers/zod';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useMemo } from 'react';
import { type Control, type FieldPath, useController, useForm } from 'react-hook-form';
import { TextInput, type TTextInputProps } from '../../../ui/text-input';
import { cardDigits, caretAfterDigits, formatCardNumber, formatExpiry } from '../logic/card';
import { cardFormSchema, type TCardForm, type TCardFormOutput } from '../logic/card-form.schema';
import type { TCardFormProps } from './card-form-props';
import { PayButton } from './pay-button';

type TCardFieldProps = Omit<TTextInputProps, 'name' | 'value' | 'onChange' | 'error'> & {
  control: Control<TCardForm, unknown, TCardFormOutput>;
  name: FieldPath<TCardForm>;
  /** Reshapes the typed text ('4242424242424242' -> '4242 4242 4242 4242'), keeping the caret among the digits. */
  format: (value: string) => string;
};

function CardField({ control, name, format, ...props }: TCardFieldProps) {
  const { field, fieldState } = useController({ control, name });
  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const digitsBefore = cardDigits(input.value.slice(0, input.selectionStart ?? input.value.length)).length;
    const formatted = format(input.value);
    field.onChange(formatted);
    requestAnimationFrame(() => {
      if (document.activeElement !== input) return;
      const caret = caretAfterDigits(formatted, digitsBefore);
      input.setSelectionRange(caret, caret);
    });
  };
  return (
    <TextInput
      {...props}
      name={field.name}
      value={field.value}
      onChange={handleChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message}
    />
  );
}

const digitsOnly = (length: number) => (value: string) => cardDigits(value).slice(0, length);

/**
 * The built-in test gateway's card form: card number (grouped as typed), expiry MM / YY, CVC and ZIP, validated on
 * submit. It sends the test card's payment method id; the card number never leaves the browser.
 */
export function TestCardForm({ payLabel, isPaying, isBlocked, onPay }: TCardFormProps) {
  const schema = useMemo(() => cardFormSchema(), []);
  const { control, handleSubmit } = useForm<TCardForm, unknown, TCardFormOutput>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    defaultValues: { number: '', expiry: '', cvc: '', zip: '' },
  });
  const handleValid = ({ paymentMethod }: TCardFormOutput) => onPay({ paymentMethod });

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(handleValid)} aria-label="Card details">
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <CardField
            control={control}
            name="number"
            label="Card Number"
            format={formatCardNumber}
            placeholder="1234 1234 1234 1234"
            autoComplete="cc-number"
            inputProps={{ inputMode: 'numeric', spellCheck: false }}
            startAdornment={
              <InputAdornment position="start">
                <CreditCardOutlined fontSize="small" />
              </InputAdornment>
            }
          />
        </Box>
        <CardField
          control={control}
          name="expiry"
          label="Expiry"
          format={formatExpiry}
          placeholder="MM / YY"
          autoComplete="cc-exp"
          inputProps={{ inputMode: 'numeric' }}
        />
        <CardField
          control={control}
          name="cvc"
          label="CVC"
          format={digitsOnly(4)}
          placeholder="123"
          autoComplete="cc-csc"
          inputProps={{ inputMode: 'numeric' }}
        />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <CardField
            control={control}
            name="zip"
            label="Card ZIP"
            format={(value) => value.replace(/[^\d-]/g, '').slice(0, 10)}
            placeholder="78701"
            autoComplete="postal-code"
            inputProps={{ inputMode: 'numeric' }}
          />
        </Box>
      </Box>
      <PayButton label={payLabel} isBusy={isPaying} isDisabled={isBlocked} />
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1, textAlign: 'center' }}>
        Test mode: no card is charged. Use{' '}
        <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
          4242 4242 4242 4242
        </Box>
        , any future date, any CVC and ZIP.
      </Typography>
    </Box>
  );
}
