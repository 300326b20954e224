import {
  MSG,
  marginOf,
  percentText,
  type TLineWaterfall,
  type TQuoteLine,
  waterfallMoney,
  waterfallRows,
  ZDiscountPercent,
} from '@cpq/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

type TPriceBreakdownProps = {
  line: TQuoteLine;
  waterfall: TLineWaterfall;
  /** The quote's discount in per cent (its share is a step of the line's waterfall). */
  quoteDiscountPercent: string;
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

/** The line discount field: saved on Enter or when it loses focus, checked as the server checks it. */
function DiscountField({
  line,
  onDiscount,
  isPending,
}: Required<Pick<TPriceBreakdownProps, 'line' | 'onDiscount'>> & {
  isPending: boolean;
}) {
  const [value, setValue] = useState(percentText(line.discountPercent));
  const [error, setError] = useState<string | null>(null);
  const handleSave = async () => {
    const parsed = ZDiscountPercent.safeParse(value === '' ? '0' : value);
    if (!parsed.success) {
      setError(MSG.discountPercentFormat);
      return;
    }
    setError(null);
    if (percentText(parsed.data) === percentText(line.discountPercent)) return;
    await onDiscount(parsed.data);
  };
  return (
    <TextField
      size="small"
      label="Line discount %"
      value={value}
      disabled={isPending}
      error={error !== null}
      helperText={error ?? 'From 0 to 100, e.g. 12.5'}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => void handleSave()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') void handleSave();
      }}
      slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-label': 'Line discount %' } }}
      sx={{ width: { xs: '100%', md: 200 }, mb: 1.5 }}
    />
  );
}

/**
 * A line's price waterfall: list price, price list, tier, line discount, its share of the quote discount and its
 * net, the amounts adding up to the net (price-waterfall.ts); cost and margin when the server sent the cost.
 */
export function PriceBreakdown({ line, waterfall, quoteDiscountPercent, onDiscount, isPending }: TPriceBreakdownProps) {
  const rows = waterfallRows(waterfall, { line: line.discountPercent, quote: quoteDiscountPercent });
  const margin = line.cost === undefined || line.cost === null ? null : marginOf(waterfall.net, waterfall.cost);
  return (
    <Box sx={{ maxWidth: 420 }}>
      {onDiscount && <DiscountField line={line} onDiscount={onDiscount} isPending={isPending ?? false} />}
      <Box component="ul" aria-label="Price breakdown" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {rows.map((row) => (
          <Row key={row.kind} label={row.label} text={row.text} isStrong={row.kind === 'net'} />
        ))}
        {margin?.cost && margin.margin && (
          <>
            <Row label="Cost" text={waterfallMoney(margin.cost)} />
            <Row
              label="Margin"
              text={`${waterfallMoney(margin.margin)}${margin.marginPercent === null ? '' : ` (${margin.marginPercent}%)`}`}
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
