import {
  APPROVAL_MSG,
  APPROVAL_STATE_LABEL,
  formatDate,
  type TApprovalState,
  type TApprovalStepView,
  type TQuote,
} from '@cpq/contracts';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import LightbulbOutlined from '@mui/icons-material/LightbulbOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorText } from '../../../lib/api';
import { StatusChip, type TStatusTone } from '../../../ui/status-chip';
import { useToast } from '../../../ui/use-toast';
import { useApprovalAction, useQuoteApproval } from '../hooks/use-approvals';

const STATE_TONE: Record<TApprovalState, TStatusTone> = {
  notNeeded: 'success',
  needed: 'waiting',
  submitted: 'busy',
  approved: 'success',
  rejected: 'error',
};

const STEP_TONE: Record<TApprovalStepView['status'], TStatusTone> = {
  pending: 'waiting',
  waiting: 'busy',
  approved: 'success',
  rejected: 'error',
};

const STEP_LABEL: Record<TApprovalStepView['status'], string> = {
  pending: 'Not yet',
  waiting: 'Waiting',
  approved: 'Approved',
  rejected: 'Rejected',
};

function ApprovalStep({ step }: { step: TApprovalStepView }) {
  return (
    <Box component="li" sx={{ listStyle: 'none', borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
      <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700 }}>{`Step ${step.step}: ${step.name}`}</Typography>
        <StatusChip tone={STEP_TONE[step.status]} label={STEP_LABEL[step.status]} />
      </Stack>
      {step.rules.map((rule) => (
        <Typography key={rule} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {rule}
        </Typography>
      ))}
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {`Approver: ${step.approvers}`}
      </Typography>
      {step.actions.map((action) => (
        <Typography key={`${action.username}-${action.at}`} variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {`${action.decision === 'approved' ? 'Approved' : 'Rejected'} by ${action.username}, ${formatDate(action.at)}`}
          {action.comment ? `: “${action.comment}”` : ''}
        </Typography>
      ))}
      {step.hint && step.status !== 'approved' && (
        <Stack direction="row" sx={{ gap: 0.75, mt: 0.75, alignItems: 'flex-start', color: 'text.secondary' }}>
          <LightbulbOutlined fontSize="small" aria-hidden />
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{`Smallest change: ${step.hint}`}</Typography>
        </Stack>
      )}
    </Box>
  );
}

type TApprovalPanelProps = { quote: Pick<TQuote, 'id' | 'version'>; canEdit: boolean };

/**
 * The quote's Approval panel: where its approval stands, each step with the rules met, who approves, who acted and
 * the smallest change that would need no approval there; Submit for the owner, Approve and Reject for an approver.
 * A quote that meets no rule shows a quiet 'No approval needed' line when the platform has rules (so a rep knows
 * it was checked), and nothing when it has none.
 */
export function ApprovalPanel({ quote, canEdit }: TApprovalPanelProps) {
  const toast = useToast();
  const approval = useQuoteApproval(quote.id, quote.version);
  const act = useApprovalAction(quote.id, quote.version);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const data = approval.data;
  if (!data || (data.state === 'notNeeded' && !data.hasRules)) return null;
  if (data.state === 'notNeeded') {
    return (
      <Stack
        direction="row"
        className="no-print"
        data-testid="approval-panel"
        sx={{ gap: 0.75, mb: 2, alignItems: 'center', color: 'text.secondary' }}
      >
        <CheckCircleOutline fontSize="small" aria-hidden />
        <Typography variant="body2">{APPROVAL_MSG.noApprovalNeeded}</Typography>
      </Stack>
    );
  }

  const run = async (decision: Parameters<typeof act.mutateAsync>[0], done: string) => {
    try {
      await act.mutateAsync(decision);
      toast.success(done);
      setComment('');
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  const handleReject = () => {
    if (!comment.trim()) {
      setCommentError(APPROVAL_MSG.commentRequired);
      return;
    }
    void run({ kind: 'reject', step: waitingStep, comment: comment.trim() }, APPROVAL_MSG.rejected);
  };
  const canSubmit = canEdit && (data.state === 'needed' || data.state === 'rejected');
  const waitingStep = data.steps.find((step) => step.status === 'waiting')?.step;
  const titleId = `approval-title-${quote.id}`;
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      className="no-print"
      sx={{ p: 2, mb: 2 }}
      data-testid="approval-panel"
    >
      <Stack direction="row" sx={{ gap: 1.5, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id={titleId} variant="h6" component="h2">
          Approval
        </Typography>
        <StatusChip tone={STATE_TONE[data.state]} label={APPROVAL_STATE_LABEL[data.state]} />
        {data.submittedBy && data.submittedAt && (
          <Typography variant="body2" color="text.secondary">
            {`Submitted by ${data.submittedBy}, ${formatDate(data.submittedAt)}`}
          </Typography>
        )}
      </Stack>
      {data.withdrawnMessage && (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          {data.withdrawnMessage}
        </Alert>
      )}
      {data.state === 'needed' && !data.withdrawnMessage && (
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          This quote meets approval rules: it can be printed, ordered and paid once approved.
        </Typography>
      )}
      <Stack component="ol" sx={{ gap: 1.5, p: 0, m: 0 }}>
        {data.steps.map((step) => (
          <ApprovalStep key={step.step} step={step} />
        ))}
      </Stack>
      {canSubmit && (
        <Button
          variant="contained"
          sx={{ mt: 2 }}
          disabled={act.isPending}
          onClick={() => void run({ kind: 'submit' }, APPROVAL_MSG.submitted)}
        >
          Submit for Approval
        </Button>
      )}
      {data.canDecide && (
        <Stack sx={{ mt: 2, gap: 1.5 }}>
          <TextField
            label="Comment"
            value={comment}
            onChange={(event) => {
              setComment(event.target.value);
              setCommentError(null);
            }}
            multiline
            minRows={2}
            error={commentError !== null}
            helperText={commentError ?? 'Required to reject; optional to approve.'}
          />
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              color="success"
              disabled={act.isPending}
              onClick={() =>
                void run(
                  { kind: 'approve', step: waitingStep, comment: comment.trim() || undefined },
                  APPROVAL_MSG.approved,
                )
              }
            >
              Approve
            </Button>
            <Button variant="outlined" color="error" disabled={act.isPending} onClick={handleReject}>
              Reject
            </Button>
          </Stack>
        </Stack>
      )}
    </Card>
  );
}
