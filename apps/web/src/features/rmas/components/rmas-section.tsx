import { orDash, type TQuoteLine, type TRma } from '@cpq/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Facts, LineItem } from '../../quotes/components/summary-blocks';
import { RmaStatus } from './rma-status';

type TRmasSectionProps = {
  rmas: TRma[];
  lines: TQuoteLine[];
  /** Administrators read why a failed RMA was not sent. */
  showErrors: boolean;
};

const erpOf = (rma: TRma): string | null =>
  rma.erpLineNo || rma.erpStatus
    ? [rma.erpLineNo && `Line ${rma.erpLineNo}`, rma.erpStatus].filter(Boolean).join(' · ')
    : null;

/** The returned line as the order lists it; a line no longer on the order by its id. */
function LineCell({ line, lineId }: { line: TQuoteLine | undefined; lineId: number }) {
  if (line) return <LineItem line={line} />;
  return (
    <Typography variant="body2" sx={{ fontWeight: 600 }}>
      {`Line ${lineId}`}
    </Typography>
  );
}

const multiline = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/** One RMA as a card (phones): its line, then label/value pairs. */
function RmaCard({ rma, line, showErrors }: { rma: TRma; line: TQuoteLine | undefined; showErrors: boolean }) {
  const erp = erpOf(rma);
  return (
    <Box component="li" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { border: 0 } }}>
      <Stack direction="row" sx={{ gap: 1, justifyContent: 'space-between', alignItems: 'flex-start', mb: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <LineCell line={line} lineId={rma.lineId} />
        </Box>
        <Box sx={{ flexShrink: 0 }}>
          <RmaStatus rma={rma} showError={false} />
        </Box>
      </Stack>
      <Facts
        facts={[
          { label: 'RMA #', value: rma.rmaNumber },
          { label: 'Quantity', value: rma.quantity },
          {
            label: 'Reason',
            value: (
              <Box component="span" sx={multiline}>
                {rma.reason}
              </Box>
            ),
          },
          { label: 'Dispositions', value: rma.enableRmaDispositions ? 'Yes' : 'No' },
          ...(erp ? [{ label: 'ERP', value: erp }] : []),
          ...(showErrors && rma.status === 'failed' && rma.lastError
            ? [
                {
                  label: 'Error',
                  value: (
                    <Box component="span" sx={{ color: 'error.main' }}>
                      {rma.lastError}
                    </Box>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Box>
  );
}

/**
 * An order's Returns: each RMA with its line, quantity, reason, dispositions, where it stands in the ERP and the
 * ERP's line and status once known. Part of the printed order; nothing shows while the order has no RMA.
 */
export function RmasSection({ rmas, lines, showErrors }: TRmasSectionProps) {
  const theme = useTheme();
  const isNarrow = useMediaQuery(theme.breakpoints.down('lg'));
  if (rmas.length === 0) return null;
  const lineOf = new Map(lines.map((line) => [line.id, line]));
  const hasErp = rmas.some((rma) => erpOf(rma) !== null);

  return (
    <Box component="section" aria-labelledby="order-rmas-title" sx={{ mt: 4 }}>
      <Typography id="order-rmas-title" variant="h6" component="h3" sx={{ mb: 1 }}>
        Returns
      </Typography>
      {isNarrow ? (
        <Box component="ul" aria-label="Returns" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {rmas.map((rma) => (
            <RmaCard key={rma.id} rma={rma} line={lineOf.get(rma.lineId)} showErrors={showErrors} />
          ))}
        </Box>
      ) : (
        <TableContainer>
          <Table
            size="small"
            aria-label="Returns"
            sx={{ '& td, & th': { px: { xs: 1, md: 2 }, verticalAlign: 'top' } }}
          >
            <TableHead sx={{ '& th': { whiteSpace: 'nowrap' } }}>
              <TableRow>
                <TableCell>RMA #</TableCell>
                <TableCell>Line</TableCell>
                <TableCell align="right">Qty</TableCell>
                <TableCell>Reason</TableCell>
                <TableCell>Dispositions</TableCell>
                <TableCell>Status</TableCell>
                {hasErp && <TableCell>ERP</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {rmas.map((rma) => (
                <TableRow key={rma.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{rma.rmaNumber}</TableCell>
                  <TableCell sx={{ minWidth: 160 }}>
                    <LineCell line={lineOf.get(rma.lineId)} lineId={rma.lineId} />
                  </TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {rma.quantity}
                  </TableCell>
                  <TableCell sx={{ ...multiline, minWidth: 120 }}>{rma.reason}</TableCell>
                  <TableCell>{rma.enableRmaDispositions ? 'Yes' : 'No'}</TableCell>
                  <TableCell sx={{ maxWidth: 240 }}>
                    <RmaStatus rma={rma} showError={showErrors} />
                  </TableCell>
                  {hasErp && <TableCell sx={{ whiteSpace: 'nowrap' }}>{orDash(erpOf(rma))}</TableCell>}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
