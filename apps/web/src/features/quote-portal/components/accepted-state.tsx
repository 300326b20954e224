import type { TPortalAcceptance } from '@cpq/contracts';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { formatDateTime } from '../../../ui/relative-time';
import { Facts } from '../../quotes/components/summary-blocks';

type TAcceptedStateProps = { acceptance: TPortalAcceptance; company: string; isJustAccepted: boolean };

/** The accepted quote's confirmation: the order it became, who signed and when, how it is paid, the signed copy. */
export function AcceptedState({ acceptance, company, isJustAccepted }: TAcceptedStateProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Right after accepting, the confirmation takes the focus, so a screen reader announces it.
  useEffect(() => {
    if (isJustAccepted) headingRef.current?.focus();
  }, [isJustAccepted]);
  return (
    <Card
      component="section"
      aria-labelledby="accepted-title"
      sx={{ p: { xs: 2, md: 3 }, borderLeft: 6, borderColor: 'success.main' }}
    >
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'flex-start' }}>
        <CheckCircleOutline color="success" sx={{ fontSize: 36, mt: 0.25 }} />
        <Stack sx={{ gap: 1.5, minWidth: 0 }}>
          <Typography
            id="accepted-title"
            ref={headingRef}
            tabIndex={-1}
            variant="h3"
            component="h2"
            data-testid="accepted-title"
            sx={{ outline: 'none' }}
          >
            {`Accepted. Order #${acceptance.orderId}`}
          </Typography>
          <Facts
            facts={[
              { label: 'Signed by', value: `${acceptance.signerName}, ${acceptance.signerTitle}` },
              { label: 'Accepted on', value: formatDateTime(acceptance.acceptedAt) },
              { label: 'Order number', value: `#${acceptance.orderId}` },
              {
                label: 'Payment',
                value: acceptance.paidBy === 'card' ? 'Paid by card' : `PO number ${acceptance.poNumber ?? ''}`,
              },
            ]}
          />
          <Typography color="text.secondary">
            {`A signed copy of the quote was e-mailed to you and to ${company}. Keep it for your records.`}
          </Typography>
        </Stack>
      </Stack>
    </Card>
  );
}
