import { marginOf, type TLineWaterfall, type TQuoteLine, waterfallMoney, waterfallRows } from '@cpq/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DiscountField } from './discount-field';

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

type TPriceBreakdownProps = {
  line: TQuoteLine;
  waterfall: TLineWaterfall;
  /** The quote's discount in per cent (its share is a step of the line's waterfall). */
  quoteDiscountPercent: string;
  /** The quote's currency; US dollars when absent. */
  currency?: string | undefined;
  /** Saves a new line discount; absent where the caller may not discount or the lines cannot change. */
  onDiscount?: (discountPercent: string) => Promise<void>;
  isPending?: boolean;
};

/** One label and amount of the breakdown. */
function Row({ label, text, isStrong }: { label: string; text: string; isStrong?: boolean }) {
  return (
    <Stack direction="row" component="li" sx={{ justifyContent: 'space-between', gap: 2, py: 0.25 }}>
      <Typography variant="body2" sx={{ fontWeight: isStrong ? 700 : 400, overflowWrap: 'anywhere' }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ ...money, fontWeight: isStrong ? 700 : 400 }}>
        {text}
      </Typography>
    </Stack>
  );
}

/**
 * A line's price waterfall: list price, price list, tier, line discount, its share of the quote discount and its
 * net, the amounts adding up to the net (price-waterfall.ts); cost and margin when the server sent the cost.
 */
export function PriceBreakdown({
  line,
  waterfall,
  quoteDiscountPercent,
  currency,
  onDiscount,
  isPending,
}: TPriceBreakdownProps) {
  const rows = waterfallRows(waterfall, { line: line.discountPercent, quote: quoteDiscountPercent }, currency);
  const margin = line.cost === undefined || line.cost === null ? null : marginOf(waterfall.net, waterfall.cost);
  return (
    <Box sx={{ maxWidth: 420 }}>
      {onDiscount && (
        <DiscountField
          label="Line discount %"
          hint="From 0 to 100, e.g. 12.5"
          current={line.discountPercent}
          onDiscount={onDiscount}
          isPending={isPending ?? false}
          sx={{ width: { xs: '100%', md: 200 }, mb: 1.5 }}
        />
      )}
      <Box component="ul" aria-label="Price breakdown" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row) => (
          <Row key={row.kind} label={row.label} text={row.text} isStrong={row.kind === 'net'} />
        ))}
        {margin?.cost && margin.margin && (
          <>
            <Row label="Cost" text={waterfallMoney(margin.cost, currency)} />
            <Row
              label="Margin"
              text={`${waterfallMoney(margin.margin, currency)}${margin.marginPercent === null ? '' : ` (${margin.marginPercent}%)`}`}
            />
          </>
        )}
      </Box>
      {!waterfall.isCounted && (
        <Typography variant="caption" color="text.secondary">
          Left out by the customer: not in the total.
        </Typography>
      )}
    </Box>
  );
}
