import { formatCurrency, MSG, type TUiState } from '@cpq/contracts';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { LazyDialog } from '../../../ui/lazy-overlays';

/** Details rows of Type 5 or more hold money. */
const CURRENCY_TYPE = 5;

/** A Details value as shown: currency for Type 5 or more, the text otherwise. */
export const detailText = (item: TUiState['Details'][number], currency?: string): string =>
  (item.Type ?? 0) >= CURRENCY_TYPE ? formatCurrency(item.Value, currency) : item.Value;

/**
 * The Part / Selection table of a configuration's Details (at most 300 px high, scrolling inside); focusable so
 * that a long list scrolls from the keyboard too.
 */
export function DetailsTable({
  details,
  labelledBy,
  currency,
}: {
  details: TUiState['Details'];
  /** The quote's currency; US dollars when absent. */
  currency?: string;
  /** The id of the heading that names the table; without one it is named 'Selections'. */
  labelledBy?: string;
}) {
  return (
    <TableContainer
      tabIndex={0}
      role="region"
      aria-label="Selections"
      sx={{ maxHeight: 300, border: 1, borderColor: 'divider', borderRadius: 2 }}
    >
      <Table
        stickyHeader
        size="small"
        {...(labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': MSG.configurationDetails })}
      >
        <TableHead>
          <TableRow>
            <TableCell scope="col">Part</TableCell>
            <TableCell scope="col">Selection</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {details.map((item, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: captions may repeat; the list is replaced whole
            <TableRow key={`${item.Caption}-${index}`}>
              <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
                {item.Caption}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{detailText(item)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The total price under the Details table. */
export function DetailsTotal({ price, currency }: { price: Parameters<typeof formatCurrency>[0]; currency?: string }) {
  return (
    <Typography component="p" variant="h6" sx={{ mt: 2, display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <span>{MSG.totalPrice}</span>
      <span data-testid="details-total">{formatCurrency(price, currency)}</span>
    </Typography>
  );
}

/** 'Configuration Details': the Part / Selection table of the state's Details, and the total price. */
export function DetailsDialog({
  state,
  currency,
  open,
  onClose,
}: {
  state: TUiState;
  currency?: string;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <LazyDialog
      open={open}
      onClose={onClose}
      fullWidth
      aria-labelledby="configuration-details-title"
      slotProps={{ paper: { sx: { maxWidth: 500 } } }}
    >
      <DialogTitle id="configuration-details-title">{MSG.configurationDetails}</DialogTitle>
      <DialogContent sx={{ pb: 1 }}>
        {state.Details.length === 0 ? (
          <Typography color="text.secondary">
            Nothing is chosen yet. Answer the first options to see them here.
          </Typography>
        ) : (
          <DetailsTable details={state.Details} labelledBy="configuration-details-title" currency={currency} />
        )}
        <DetailsTotal price={state.ConfiguredPrice} currency={currency} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} variant="outlined" autoFocus>
          Close
        </Button>
      </DialogActions>
    </LazyDialog>
  );
}
