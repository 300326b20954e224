import { formatCurrency, MSG, type TConfiguratorMode } from '@cpq/contracts';
import ListAltIcon from '@mui/icons-material/ListAlt';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { TOAST_CLEARANCE } from '../../../ui/toast-clearance';
import { PAGE_WIDTH_SX } from './page-width';

/** The title of each mode's header; Default shows the price instead. */
export const MODE_TITLES: Record<TConfiguratorMode, string> = {
  Default: MSG.totalPrice,
  Review: 'Review',
  SOWriteup: 'SO Writeup',
};

/** The finish button's label by mode. */
export const FINISH_LABELS: Record<TConfiguratorMode, string> = {
  Default: 'Finish',
  Review: 'Create Quote',
  SOWriteup: 'Create Order',
};

type THeaderProps = {
  mode: TConfiguratorMode;
  /** A saved configuration reopened (reconfigure mode): Finish updates its line. */
  isReconfigure: boolean;
  productName: string;
  price: number;
  /** The quote's currency; US dollars when absent. */
  currency?: string;
  isComplete: boolean;
  isBusy: boolean;
  isFinishing: boolean;
  onCancel: () => void;
  onDetails: () => void;
  onContinue: () => void;
  onFinish: () => void;
};

/** The sticky bar: price or mode title, Cancel, the details button, and Continue or Finish. */
export function ConfiguratorHeader(props: THeaderProps) {
  const { mode, productName, price, isComplete, isBusy, isFinishing } = props;
  return (
    <Paper
      {...TOAST_CLEARANCE}
      component="section"
      aria-label="Configuration actions"
      square
      elevation={0}
      sx={{
        position: 'sticky',
        top: { xs: 60, md: 68 },
        zIndex: (theme) => theme.zIndex.appBar - 1,
        borderBottom: 1,
        borderColor: 'divider',
        py: 1.25,
      }}
    >
      <Box sx={{ ...PAGE_WIDTH_SX, display: 'flex', alignItems: 'center', gap: { xs: 1, sm: 2 }, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
            <Typography variant="subtitle2" component="h1" color="text.secondary" noWrap>
              {productName}
            </Typography>
            {props.isReconfigure && <Chip size="small" variant="outlined" label="Editing a saved configuration" />}
          </Box>
          {mode === 'Default' ? (
            <Typography component="p" variant="h5" sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
              <Box component="span" sx={{ fontSize: '0.875rem', fontWeight: 500, color: 'text.secondary' }}>
                {MSG.totalPrice}
              </Box>
              <Box component="span" data-testid="configured-price" aria-live="polite">
                {formatCurrency(price, props.currency)}
              </Box>
            </Typography>
          ) : (
            <Typography component="p" variant="h5">
              {MODE_TITLES[mode]}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, ml: 'auto' }}>
          <Button color="inherit" onClick={props.onCancel} disabled={isFinishing}>
            Cancel
          </Button>
          <Tooltip title={MSG.configurationDetails}>
            <IconButton aria-label={MSG.configurationDetails} onClick={props.onDetails} aria-haspopup="dialog">
              <ListAltIcon />
            </IconButton>
          </Tooltip>
          {isComplete ? (
            <Button variant="contained" onClick={props.onFinish} disabled={isBusy} loading={isFinishing}>
              {FINISH_LABELS[mode]}
            </Button>
          ) : (
            <Button variant="contained" onClick={props.onContinue} disabled={isBusy}>
              Continue
            </Button>
          )}
        </Box>
      </Box>
      {isBusy && (
        <LinearProgress
          aria-label="Updating the configuration"
          sx={{ position: 'absolute', left: 0, right: 0, bottom: 0, height: 2 }}
        />
      )}
    </Paper>
  );
}
