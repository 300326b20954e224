import {
  formatCurrency,
  orDash,
  percentText,
  quoteWaterfall,
  type TLineWaterfall,
  type TQuoteLine,
  waterfallMoney,
} from '@cpq/contracts';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { reconfigurePath } from '../../catalog/configurator-paths';
import { ProductThumbnail } from '../../products/components/product-thumbnail';
import { LineDetails } from './line-details';
import { OptionalBadge } from './optional-badge';
import { PriceBreakdown } from './price-breakdown';
import { QuantityStepper } from './quantity-stepper';
import { isReconfigurable, lineDescription, linePartNumber } from './quote-lines';

/** What the Lines tab does with a line: quantity plus and minus, delete, and its pricing document. */
export type TLineActions = {
  /** Saves a new quantity (refused below 1); settles once the answer is in, saved or not. */
  onQuantity: (line: TQuoteLine, quantity: number) => Promise<void>;
  onDelete: (line: TQuoteLine) => void;
  onPricingDoc: (line: TQuoteLine) => void;
  /** Marks the line optional (the customer chooses it on the quote link) or required; type 1 quotes only. */
  onOptional?: (line: TQuoteLine, optional: boolean) => void;
  /** Saves a line discount; absent where the caller may not give one (discountRefusal). */
  onDiscount?: (line: TQuoteLine, discountPercent: string) => Promise<void>;
  /** The line a change is being saved for (its buttons wait). */
  busyLineId: number | null;
};

type TQuoteLinesTableProps = {
  lines: TQuoteLine[];
  quoteId: number;
  /** False on locked quotes and orders: their configured lines cannot be reopened for a change. */
  isEditable: boolean;
  /** Without them the table only shows the lines (the Summary). */
  actions?: TLineActions;
  /** The quote's currency; US dollars when absent. */
  currency?: string;
  /** The quote discount in per cent: each line's share of it is a step of its waterfall. */
  discountPercent?: string;
};

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

const lineLabel = (line: TQuoteLine): string => orDash(linePartNumber(line) ?? line.productName);

function RowButtons({
  line,
  quoteId,
  isEditable,
  isOpen,
  onToggle,
  isPriceOpen,
  onTogglePrice,
  actions,
}: TRowProps & { onToggle: () => void }) {
  const label = lineLabel(line);
  return (
    <Stack direction="row" sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
      <OptionalSwitch line={line} isEditable={isEditable} actions={actions} />
      <IconButton
        aria-label={`Price breakdown of ${label}`}
        title="Price breakdown"
        aria-expanded={isPriceOpen}
        aria-controls={`line-price-${line.id}`}
        onClick={onTogglePrice}
        color={isPriceOpen ? 'primary' : 'default'}
      >
        <ReceiptLongOutlined />
      </IconButton>
      {actions && (
        <IconButton
          aria-label={`Pricing document of ${label}`}
          title="Pricing document"
          onClick={() => actions.onPricingDoc(line)}
        >
          <DescriptionOutlined />
        </IconButton>
      )}
      {isEditable && isReconfigurable(line) && (
        <IconButton
          component={RouterLink}
          to={reconfigurePath(line.productId, quoteId, line.configurationId)}
          aria-label={`Edit ${label}`}
          title="Edit the configuration"
        >
          <EditOutlined />
        </IconButton>
      )}
      {line.Details.length > 0 && (
        <IconButton
          aria-label={`Details of ${label}`}
          aria-expanded={isOpen}
          aria-controls={`line-details-${line.id}`}
          onClick={onToggle}
        >
          <KeyboardArrowDown sx={{ transition: 'transform 150ms', transform: isOpen ? 'rotate(180deg)' : 'none' }} />
        </IconButton>
      )}
      {actions && isEditable && (
        <IconButton
          aria-label={`Delete ${label}`}
          title="Delete the line"
          disabled={actions.busyLineId === line.id}
          onClick={() => actions.onDelete(line)}
          sx={{ color: 'error.main' }}
        >
          <DeleteOutlined />
        </IconButton>
      )}
    </Stack>
  );
}

/** The rep's Optional switch, where the lines can change. */
function OptionalSwitch({ line, isEditable, actions }: Pick<TRowProps, 'line' | 'isEditable' | 'actions'>) {
  const onOptional = actions?.onOptional;
  if (!onOptional || !isEditable) return null;
  return (
    <FormControlLabel
      label="Optional"
      sx={{ mr: 0.5, whiteSpace: 'nowrap', '& .MuiFormControlLabel-label': { fontSize: '0.875rem' } }}
      control={
        <Switch
          size="small"
          checked={line.optional}
          disabled={actions.busyLineId === line.id}
          onChange={(_event, checked) => onOptional(line, checked)}
          slotProps={{ input: { 'aria-label': `Optional: ${lineLabel(line)}` } }}
        />
      }
    />
  );
}

type TRowProps = {
  line: TQuoteLine;
  quoteId: number;
  isEditable: boolean;
  isOpen: boolean;
  actions?: TLineActions;
  currency?: string;
  waterfall: TLineWaterfall;
  quoteDiscountPercent: string;
  isPriceOpen: boolean;
  onTogglePrice: () => void;
};

/** The line's amount after its own discount, with the discount's per cent under it when it has one. */
function LineAmount({
  line,
  waterfall,
  currency,
  isBold,
}: Pick<TRowProps, 'line' | 'waterfall' | 'currency'> & { isBold?: boolean }) {
  const percent = percentText(line.discountPercent);
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column', alignItems: 'flex-end' }}>
      <Typography component="span" sx={{ ...money, fontWeight: isBold ? 700 : 600 }}>
        {waterfallMoney(waterfall.afterLineDiscount, currency)}
      </Typography>
      {percent !== '0' && (
        <Typography component="span" variant="caption" color="success.main" sx={money}>
          {`${percent}% off`}
        </Typography>
      )}
    </Box>
  );
}

/** The line's price waterfall, under it when opened. */
function LinePrice(props: TRowProps) {
  const { line, actions, isEditable } = props;
  const onDiscount = actions?.onDiscount && isEditable ? actions.onDiscount : undefined;
  return (
    <Collapse in={props.isPriceOpen} unmountOnExit id={`line-price-${line.id}`}>
      <Box sx={{ py: 1.5, pl: { lg: 11 } }}>
        <PriceBreakdown
          line={line}
          waterfall={props.waterfall}
          quoteDiscountPercent={props.quoteDiscountPercent}
          currency={props.currency}
          onDiscount={onDiscount ? (percent) => onDiscount(line, percent) : undefined}
          isPending={actions?.busyLineId === line.id}
        />
      </Box>
    </Collapse>
  );
}

/** The quantity: with plus and minus where the lines can change, else the number. */
function LineQuantity({ line, isEditable, actions }: Pick<TRowProps, 'line' | 'isEditable' | 'actions'>) {
  if (!actions || !isEditable) return <>{line.quantity}</>;
  return (
    <QuantityStepper
      quantity={line.quantity}
      label={lineLabel(line)}
      isPending={actions.busyLineId === line.id}
      onChange={(quantity) => actions.onQuantity(line, quantity)}
    />
  );
}

function LineRow(props: TRowProps & { onToggle: () => void }) {
  const { line, isOpen } = props;
  return (
    <>
      <TableRow sx={{ '& > td': { borderBottom: isOpen ? 0 : undefined } }}>
        <TableCell sx={{ width: 88 }}>
          <ProductThumbnail src={line.imgUrl} name={line.productName ?? orDash(linePartNumber(line))} size={56} />
        </TableCell>
        <TableCell sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{orDash(linePartNumber(line))}</TableCell>
        <TableCell sx={{ overflowWrap: 'anywhere' }}>
          {orDash(lineDescription(line))}
          <OptionalBadge line={line} sx={{ ml: 1 }} />
        </TableCell>
        <TableCell align="right" sx={{ ...money, py: 0 }}>
          <LineQuantity {...props} />
        </TableCell>
        <TableCell align="right" sx={money}>
          {formatCurrency(line.price, props.currency)}
        </TableCell>
        <TableCell align="right" sx={{ ...money, fontWeight: 600 }}>
          <LineAmount line={line} waterfall={props.waterfall} currency={props.currency} />
        </TableCell>
        <TableCell align="right" sx={{ width: props.actions?.onOptional ? 348 : props.actions ? 232 : 160, py: 0 }}>
          <RowButtons {...props} />
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={7} sx={{ py: 0, borderBottom: props.isPriceOpen && !isOpen ? undefined : 0 }}>
          <LinePrice {...props} />
        </TableCell>
      </TableRow>
      <TableRow>
        <TableCell colSpan={7} sx={{ py: 0, borderBottom: isOpen ? undefined : 0 }}>
          <Collapse in={isOpen} unmountOnExit id={`line-details-${line.id}`}>
            <Box sx={{ py: 2, pl: { md: 11 } }}>
              <LineDetails line={line} currency={props.currency} />
            </Box>
          </Collapse>
        </TableCell>
      </TableRow>
    </>
  );
}

function LineCard(props: TRowProps & { onToggle: () => void }) {
  const { line, isOpen } = props;
  return (
    <Card component="li" sx={{ p: 2 }}>
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'flex-start' }}>
        <ProductThumbnail src={line.imgUrl} name={line.productName ?? orDash(linePartNumber(line))} size={56} />
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{orDash(linePartNumber(line))}</Typography>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {orDash(lineDescription(line))}
          </Typography>
          <OptionalBadge line={line} sx={{ mt: 0.5 }} />
        </Box>
      </Stack>
      <Stack direction="row" sx={{ mt: 1.5, alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, ml: props.actions && props.isEditable ? -1 : 0 }}>
          <LineQuantity {...props} />
          <Typography variant="body2" sx={money}>
            × {formatCurrency(line.price, props.currency)}
          </Typography>
        </Stack>
        <LineAmount line={line} waterfall={props.waterfall} currency={props.currency} isBold />
      </Stack>
      <Box sx={{ mt: 0.5, mr: -1 }}>
        <RowButtons {...props} />
      </Box>
      <LinePrice {...props} />
      <Collapse in={isOpen} unmountOnExit id={`line-details-${line.id}`}>
        <Box sx={{ pt: 1 }}>
          <LineDetails line={line} currency={props.currency} />
        </Box>
      </Collapse>
    </Card>
  );
}

/**
 * How many lines the tab shows at first and adds per 'Show more': a 1,000-line quote opens and re-prices at once
 * (rendering every row took 2.1-2.4 s to open and 1.4-2.0 s per quantity change in Chromium).
 */
export const LINES_STEP = 50;

/** Under the lines when some are not shown yet: how many are, and buttons for more or all. */
function MoreLines({ shown, total, onShow }: { shown: number; total: number; onShow: (count: number) => void }) {
  if (shown >= total) return null;
  const next = Math.min(LINES_STEP, total - shown);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      sx={{ mt: 1.5, gap: 1, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
    >
      <Typography variant="body2" color="text.secondary" role="status">
        {`Showing ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} lines.`}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => onShow(shown + next)}>
          {`Show ${next} more`}
        </Button>
        <Button color="inherit" onClick={() => onShow(total)}>
          {`Show all ${total.toLocaleString('en-US')}`}
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * The quote's lines: image, part number, description, quantity, unit and extended price; Details expand. Long
 * quotes show their first LINES_STEP lines, and more on request.
 */
export function QuoteLinesTable({
  lines: allLines,
  quoteId,
  isEditable,
  actions,
  discountPercent = '0',
  currency,
}: TQuoteLinesTableProps) {
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('lg'));
  const [openIds, setOpenIds] = useState<ReadonlySet<number>>(new Set());
  const [priceIds, setPriceIds] = useState<ReadonlySet<number>>(new Set());
  const waterfalls = useMemo(() => quoteWaterfall(allLines, discountPercent).lines, [allLines, discountPercent]);
  const [shown, setShown] = useState(LINES_STEP);
  const lines = allLines.length > shown ? allLines.slice(0, shown) : allLines;
  const more = <MoreLines shown={lines.length} total={allLines.length} onShow={setShown} />;
  const toggleIn = (set: typeof setOpenIds) => (id: number) =>
    set((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const toggle = toggleIn(setOpenIds);
  const togglePrice = toggleIn(setPriceIds);
  const rowProps = (line: TQuoteLine, index: number) => ({
    line,
    quoteId,
    isEditable,
    actions,
    currency,
    isOpen: openIds.has(line.id),
    onToggle: () => toggle(line.id),
    // Lines shown are the first of all lines, so an index is the same in both.
    waterfall: waterfalls[index]!,
    quoteDiscountPercent: discountPercent,
    isPriceOpen: priceIds.has(line.id),
    onTogglePrice: () => togglePrice(line.id),
  });

  if (isPhone) {
    return (
      <>
        <Stack component="ul" aria-label="Lines" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1.5 }}>
          {lines.map((line, index) => (
            <LineCard key={line.id} {...rowProps(line, index)} />
          ))}
        </Stack>
        {more}
      </>
    );
  }
  return (
    <>
      <TableContainer component={Card}>
        <Table aria-label="Lines">
          <TableHead sx={{ '& th': { whiteSpace: 'nowrap' } }}>
            <TableRow>
              <TableCell>Image</TableCell>
              <TableCell>Part #</TableCell>
              <TableCell>Description</TableCell>
              <TableCell align="right">Quantity</TableCell>
              <TableCell align="right">Unit Price</TableCell>
              <TableCell align="right">Extended Price</TableCell>
              <TableCell align="right">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {lines.map((line, index) => (
              <LineRow key={line.id} {...rowProps(line, index)} />
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {more}
    </>
  );
}
