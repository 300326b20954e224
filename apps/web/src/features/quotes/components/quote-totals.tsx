import type { TQuote } from '@cpq/contracts';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { DiscountField } from './discount-field';
import { totalRows } from './quote-lines';

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

type TQuoteTotalsProps = {
  quote: Pick<TQuote, 'lines' | 'discountPercent' | 'totalCost' | 'currency'>;
  /** Saves the quote discount; absent where the caller may not give one or the quote cannot change. */
  onDiscount?: (discountPercent: string) => Promise<void>;
  isPending?: boolean;
};

/**
 * The quote's totals under its lines: subtotal and quote discount when there is one, the total the server keeps,
 * and cost and margin when the server sent every line's cost (administrators, roles that show margins).
 */
export function QuoteTotals({ quote, onDiscount, isPending }: TQuoteTotalsProps) {
  const rows = useMemo(() => totalRows(quote), [quote]);
  return (
    <Card
      component="section"
      aria-label="Totals"
      sx={{
        p: 2,
        display: 'flex',
        flexDirection: { xs: 'column', md: 'row' },
        gap: 2,
        justifyContent: 'space-between',
      }}
    >
      {onDiscount ? (
        <DiscountField
          label="Quote discount %"
          hint="Off the lines after their own discounts"
          current={quote.discountPercent}
          onDiscount={onDiscount}
          isPending={isPending ?? false}
          sx={{ width: { xs: '100%', md: 220 } }}
        />
      ) : (
        <span />
      )}
      <Stack component="dl" sx={{ m: 0, minWidth: { md: 260 }, gap: 0.5 }}>
        {rows.map((row) => (
          <Stack key={row.label} direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
            <Typography component="dt" sx={{ fontWeight: row.label === 'Total' ? 700 : 400 }}>
              {row.label}
            </Typography>
            <Typography component="dd" sx={{ ...money, m: 0, fontWeight: row.label === 'Total' ? 700 : 400 }}>
              {row.text}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Card>
  );
}
