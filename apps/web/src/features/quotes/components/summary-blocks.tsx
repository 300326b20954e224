import {
  formatCurrency,
  formatPhone,
  orDash,
  quoteWaterfall,
  type TAddress,
  type TQuote,
  type TQuoteLine,
  waterfallMoney,
  waterfallRows,
  waterfallText,
} from '@cpq/contracts';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useIsPhone } from '../../../ui/use-is-phone';
import { OptionalBadge } from './optional-badge';
import { lineDescription, linePartNumber, totalRows } from './quote-lines';

type TFact = { label: string; value: ReactNode };

/** Label over value pairs, as the printed document lists them. */
export function Facts({
  title,
  facts,
  headingLevel = 'h3',
}: {
  title?: string;
  facts: TFact[];
  /** The title's heading level where the page's outline needs another (the quote link's page: h2). */
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <Box component="section" aria-label={title} sx={{ minWidth: 0 }}>
      {title && (
        <Typography variant="h6" component={headingLevel} sx={{ mb: 1 }}>
          {title}
        </Typography>
      )}
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', gap: 0.5 }}>
        {facts.map((fact) => (
          <Box key={fact.label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary" sx={{ pr: 2 }}>
              {fact.label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {fact.value}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/** The customer block: First Name, Last Name, Email Address and Phone Number ((xxx) xxx-xxxx). */
export function ContactBlock({ contact }: { contact: TQuote['contact'] }) {
  return (
    <Facts
      title="Customer"
      facts={[
        { label: 'First Name', value: orDash(contact?.firstName) },
        { label: 'Last Name', value: orDash(contact?.lastName) },
        { label: 'Email Address', value: orDash(contact?.email) },
        { label: 'Phone Number', value: formatPhone(contact?.phone) },
      ]}
    />
  );
}

/** An address block: Address Line 1, Address Line 2, City, State and Zip. */
export function AddressBlock({ title, address }: { title: string; address: TAddress | null }) {
  return (
    <Facts
      title={title}
      facts={[
        { label: 'Address Line 1', value: orDash(address?.Address) },
        { label: 'Address Line 2', value: orDash(address?.Address2) },
        { label: 'City', value: orDash(address?.City) },
        { label: 'State', value: orDash(address?.State) },
        { label: 'Zip', value: orDash(address?.Zip) },
      ]}
    />
  );
}

/** The shipping block is left out when the billing address is also the shipping one. */
export const isShippingSameAsBilling = (quote: Pick<TQuote, 'billingAddress' | 'sameAsBilling'>): boolean =>
  quote.sameAsBilling || Boolean(quote.billingAddress?.sameAsShipping);

const number = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
/** The unit price leaves room on a phone (the extended price stays); paper always has it. */
const unitColumn = { display: { xs: 'none', md: 'table-cell' }, '@media print': { display: 'table-cell' } } as const;

/** A line as an item of a printed table: its part number over its description. */
export function LineItem({ line }: { line: TQuoteLine }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {orDash(linePartNumber(line))}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {orDash(lineDescription(line))}
      </Typography>
      <OptionalBadge line={line} sx={{ mt: 0.5 }} />
    </>
  );
}

/** A line's price waterfall on one line of text, as printed, when anything changed its list price. */
function LineWaterfall({
  line,
  steps,
  discountPercent,
  currency,
}: {
  line: TQuoteLine;
  steps: ReturnType<typeof quoteWaterfall>['lines'][number] | undefined;
  discountPercent: string;
  currency: string | undefined;
}) {
  if (!steps) return null;
  const rows = waterfallRows(steps, { line: line.discountPercent, quote: discountPercent }, currency);
  if (rows.length <= 2) return null;
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
      {waterfallText(rows)}
    </Typography>
  );
}

type TSummaryLinesProps = {
  lines: TQuoteLine[];
  /** The quote discount in per cent (each line's share of it is a step of its waterfall). */
  discountPercent?: string;
  /** The Actions column of an order's lines (type 2). */
  renderActions?: (line: TQuoteLine) => ReactNode;
  /** The quote's currency; US dollars when absent. */
  currency?: string;
};

/**
 * The lines as printed: item (part number and description), quantity, unit and extended price. An order's actions
 * have their own column, except on phones, where they sit under the item so that the table fits the screen.
 */
export function SummaryLines({ lines, renderActions, currency, discountPercent = '0' }: TSummaryLinesProps) {
  const isPhone = useIsPhone();
  const waterfall = quoteWaterfall(lines, discountPercent);
  if (lines.length === 0) return <Typography color="text.secondary">No lines yet.</Typography>;
  const hasActionsColumn = Boolean(renderActions) && !isPhone;
  return (
    <TableContainer>
      <Table size="small" aria-label="Quote lines" sx={{ '& td, & th': { px: { xs: 1, md: 2 } } }}>
        <TableHead>
          <TableRow>
            <TableCell>Item</TableCell>
            <TableCell align="right">Qty</TableCell>
            <TableCell align="right" sx={unitColumn}>
              Unit Price
            </TableCell>
            <TableCell align="right">Extended</TableCell>
            {hasActionsColumn && <TableCell align="right">Actions</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line, index) => (
            <TableRow key={line.id}>
              <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 96 }}>
                <LineItem line={line} />
                <LineWaterfall
                  line={line}
                  steps={waterfall.lines[index]}
                  discountPercent={discountPercent}
                  currency={currency}
                />
                {renderActions && !hasActionsColumn && <Box sx={{ mt: 1 }}>{renderActions(line)}</Box>}
              </TableCell>
              <TableCell align="right" sx={number}>
                {line.quantity}
              </TableCell>
              <TableCell align="right" sx={{ ...number, ...unitColumn }}>
                {formatCurrency(line.price, currency)}
              </TableCell>
              <TableCell align="right" sx={{ ...number, fontWeight: 600 }}>
                {waterfallMoney(waterfall.lines[index]?.afterLineDiscount ?? '0', currency)}
              </TableCell>
              {renderActions && hasActionsColumn && <TableCell align="right">{renderActions(line)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * What the Summary shows above its total: the subtotal and the quote discount when there is one, and under it cost
 * and margin when the server sent every line's cost.
 */
export function SummaryTotals({
  quote,
}: {
  quote: Pick<TQuote, 'lines' | 'discountPercent' | 'totalCost' | 'currency'>;
}) {
  const rows = totalRows(quote).filter((row) => row.label !== 'Total');
  if (rows.length === 0) return null;
  return <AmountList label="Totals" rows={rows} />;
}

/** Labelled amounts under a quote's lines, right-aligned above its total (the Summary's, the quote link's). */
export function AmountList({ label, rows }: { label: string; rows: readonly { label: string; text: string }[] }) {
  return (
    <Box component="dl" aria-label={label} sx={{ mt: 2, mb: 0, ml: 'auto', maxWidth: 320 }}>
      {rows.map((row) => (
        <Box
          key={row.label}
          // Cost and margin are the seller's: a printed Summary goes to the customer.
          className={row.label === 'Cost' || row.label === 'Margin' ? 'no-print' : undefined}
          sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}
        >
          <Typography component="dt" color="text.secondary">
            {row.label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {row.text}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
