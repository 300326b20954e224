import { ADMIN_LEVEL, ROLE_LEVEL, rmaRefusal, type TQuote, type TQuoteLine } from '@cpq/contracts';
import AssignmentReturnOutlined from '@mui/icons-material/AssignmentReturnOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useSession } from '../../auth/hooks/use-session';
import { linePartNumber } from '../../quotes/components/quote-lines';
import { useRmas } from '../hooks/use-rmas';
import { CreateRmaDialog } from './create-rma-dialog';
import { LineRmaMark } from './rma-status';
import { RmasSection } from './rmas-section';

/**
 * Returns on an order (type 2): per line 'Create RMA' (or the line's RMA state once returned), the dialog, and the
 * Returns section. On other quotes there is nothing: no line action, no section, no RMA call.
 */
export function useOrderRmas(quote: TQuote) {
  const { user } = useSession();
  const canHaveRmas = rmaRefusal(quote) === null;
  const level = user?.roleLevel ?? ROLE_LEVEL.public;
  const rmas = useRmas(quote.id, canHaveRmas && quote.rmaCreated);
  const [dialog, setDialog] = useState<{ line: TQuoteLine | null; open: boolean }>({ line: null, open: false });
  const rows = canHaveRmas ? (rmas.data?.rows ?? []) : [];
  const rmaOfLine = new Map(rows.map((rma) => [rma.lineId, rma]));
  const canCreate = level >= ROLE_LEVEL.registered;

  const renderLineAction = (line: TQuoteLine) => {
    if (!canHaveRmas) return null;
    if (line.rmaCreated || rmaOfLine.has(line.id)) return <LineRmaMark rma={rmaOfLine.get(line.id)} />;
    if (!canCreate) return null;
    return (
      <Button
        size="small"
        variant="outlined"
        className="no-print"
        startIcon={<AssignmentReturnOutlined />}
        aria-label={`Create RMA for ${linePartNumber(line) ?? line.productName ?? `line ${line.id}`}`}
        onClick={() => setDialog({ line, open: true })}
        sx={{ whiteSpace: 'nowrap' }}
      >
        Create RMA
      </Button>
    );
  };

  return {
    renderLineAction,
    section: <RmasSection rmas={rows} lines={quote.lines ?? []} showErrors={level >= ADMIN_LEVEL} />,
    dialog: canHaveRmas ? (
      <CreateRmaDialog
        quoteId={quote.id}
        line={dialog.line}
        open={dialog.open}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      />
    ) : null,
  };
}
