import { formatCurrency, orDash, type TPortalLine } from '@cpq/contracts';
import KeyboardArrowDown from '@mui/icons-material/KeyboardArrowDown';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useState } from 'react';
import { errorText } from '../../../lib/api';
import { useIsPhone } from '../../../ui/use-is-phone';
import { DetailList } from '../../quotes/components/line-details';
import { useChooseLine } from '../hooks/use-portal-quote';

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * The column headers are drawn once above the lines on wide screens and hidden from screen readers, so each figure
 * names itself: in words on a phone, for screen readers only on a wide screen.
 */
const cellLabel = (theme: Theme) => ({ [theme.breakpoints.up('md')]: visuallyHidden });

/** The line's configured options: shown on a wide screen, behind a button on a phone (they can be long). */
function LineOptions({ line, currency }: { line: TPortalLine; currency?: string }) {
  const isPhone = useIsPhone();
  const [isOpen, setIsOpen] = useState(false);
  if (line.details.length === 0) return null;
  const list = <DetailList items={line.details} label="Configured options" currency={currency} />;
  if (!isPhone) return <Box sx={{ mt: 1 }}>{list}</Box>;
  const id = `portal-line-options-${line.id}`;
  return (
    <>
      <Button
        size="small"
        color="inherit"
        aria-expanded={isOpen}
        aria-controls={id}
        onClick={() => setIsOpen((open) => !open)}
        endIcon={
          <KeyboardArrowDown sx={{ transition: 'transform 150ms', transform: isOpen ? 'rotate(180deg)' : 'none' }} />
        }
        sx={{ mt: 0.5, ml: -1 }}
      >
        {`Configured options (${line.details.length})`}
      </Button>
      <Collapse in={isOpen} unmountOnExit id={id}>
        {list}
      </Collapse>
    </>
  );
}

type TChoice = { checked: boolean; isSaving: boolean; onChange: (selected: boolean) => void };

/** An optional line's Include box: the customer's choice, saved at once; a spinner while it saves. */
function IncludeBox({ line, choice }: { line: TPortalLine; choice: TChoice }) {
  return (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
      <FormControlLabel
        label="Include"
        sx={{ mr: 0 }}
        control={
          <Checkbox
            checked={choice.checked}
            disabled={choice.isSaving}
            onChange={(_event, checked) => choice.onChange(checked)}
            slotProps={{ input: { 'aria-label': `Include line ${line.lineNumber}` } }}
          />
        }
      />
      {choice.isSaving && <CircularProgress size={16} aria-label={`Saving line ${line.lineNumber}`} />}
    </Stack>
  );
}

function PortalLineItem({ line, choice, currency }: { line: TPortalLine; choice: TChoice | null; currency?: string }) {
  const isLeftOut = line.optional && !(choice?.checked ?? line.selected);
  return (
    <Box
      component="li"
      sx={{
        py: 2,
        borderBottom: 1,
        borderColor: 'divider',
        display: 'grid',
        gap: 1,
        gridTemplateColumns: { xs: '2rem minmax(0, 1fr)', md: '2.5rem minmax(0, 1fr) 5rem 8rem 8rem' },
        alignItems: 'start',
        color: isLeftOut ? 'text.secondary' : undefined,
      }}
    >
      <Typography sx={{ fontWeight: 600, ...money }}>{line.lineNumber}</Typography>
      <Box sx={{ minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {orDash(line.partNumber ?? line.productName)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {orDash(line.description)}
        </Typography>
        {line.optional && (
          <Typography variant="body2" sx={{ fontWeight: 600, color: isLeftOut ? 'text.secondary' : 'text.primary' }}>
            {isLeftOut ? 'Optional: not included' : 'Optional: included'}
          </Typography>
        )}
        {choice && <IncludeBox line={line} choice={choice} />}
        <LineOptions line={line} currency={currency} />
      </Box>
      <Stack
        direction={{ xs: 'row', md: 'column' }}
        sx={{
          gridColumn: { xs: '2', md: '3 / span 3' },
          display: { md: 'grid' },
          gridTemplateColumns: { md: '5rem 8rem 8rem' },
          justifyContent: 'space-between',
          gap: 1,
        }}
      >
        <Typography sx={{ ...money, textAlign: { md: 'right' } }}>
          <Box component="span" sx={cellLabel}>
            Qty{' '}
          </Box>
          {line.quantity}
        </Typography>
        <Typography sx={{ ...money, textAlign: { md: 'right' } }}>
          <Box component="span" aria-hidden sx={{ display: { md: 'none' } }}>
            ×{' '}
          </Box>
          <Box component="span" sx={visuallyHidden}>
            Unit price{' '}
          </Box>
          {formatCurrency(line.unitPrice, currency)}
        </Typography>
        <Typography
          sx={{ ...money, fontWeight: 700, textAlign: 'right', textDecoration: isLeftOut ? 'line-through' : 'none' }}
        >
          <Box component="span" sx={visuallyHidden}>
            Extended{' '}
          </Box>
          {formatCurrency(line.extended, currency)}
        </Typography>
      </Stack>
    </Box>
  );
}

/**
 * The quote's lines as the PDF lists them. On an open quote each optional line has an Include box: the choice is
 * saved at once and the total follows the server's answer; a failed save puts the box back and says why.
 */
export function PortalLines({
  token,
  lines,
  canChoose,
  currency,
}: {
  token: string;
  lines: TPortalLine[];
  canChoose: boolean;
  currency?: string;
}) {
  const choose = useChooseLine(token);
  const [failure, setFailure] = useState<string | null>(null);
  const saving = choose.isPending ? choose.variables : undefined;
  const choiceOf = (line: TPortalLine): TChoice | null => {
    if (!canChoose || !line.optional) return null;
    const isSaving = saving?.lineId === line.id;
    return {
      checked: isSaving ? saving.selected : line.selected,
      isSaving,
      onChange: (selected) => {
        setFailure(null);
        choose.mutate(
          { lineId: line.id, selected },
          {
            onError: (error) => setFailure(`Line ${line.lineNumber} is as it was: ${errorText(error)}`),
          },
        );
      },
    };
  };
  return (
    <>
      <Box
        aria-hidden
        sx={{
          display: { xs: 'none', md: 'grid' },
          gridTemplateColumns: '2.5rem minmax(0, 1fr) 5rem 8rem 8rem',
          gap: 1,
          pb: 1,
          borderBottom: 2,
          borderColor: 'divider',
          color: 'text.secondary',
          typography: 'body2',
          fontWeight: 600,
          '& > :nth-of-type(n+3)': { textAlign: 'right' },
        }}
      >
        <span>#</span>
        <span>Item</span>
        <span>Qty</span>
        <span>Unit price</span>
        <span>Extended</span>
      </Box>
      {failure && (
        <Alert severity="error" role="alert" sx={{ my: 1.5 }} onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}
      <Box component="ol" aria-label="Lines" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {lines.map((line) => (
          <PortalLineItem key={line.id} line={line} choice={choiceOf(line)} currency={currency} />
        ))}
      </Box>
    </>
  );
}
