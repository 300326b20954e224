import type { TConfigureResult } from '@cpq/contracts';
import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { errorText } from '../../../lib/api';
import { LazyDialog } from '../../../ui/lazy-overlays';
import { useIsPhone } from '../../../ui/use-is-phone';
import { type TWhyNotTarget, useExplain, useForceChoice } from '../hooks/use-why-not';
import { AppliedChanges, WhyNotExplanation } from './why-not-explanation';

type TWhyNotDialogProps = {
  sessionId: string;
  target: TWhyNotTarget | null;
  stateKey: number;
  onApplied: (result: TConfigureResult) => void;
  onClose: () => void;
};

/** The why-not panel: the explanation of a disabled value and one button that makes the smallest change. */
export function WhyNotDialog(props: TWhyNotDialogProps) {
  const { target, onClose } = props;
  // On a phone the whole screen: the explanation and its smallest change are read without scrolling a box.
  const isPhone = useIsPhone();
  return (
    <LazyDialog
      open={target !== null}
      onClose={onClose}
      fullScreen={isPhone}
      fullWidth
      maxWidth="md"
      aria-labelledby="why-not-title"
    >
      {target && <WhyNotBody key={`${target.optionId}:${target.value}`} {...props} target={target} />}
    </LazyDialog>
  );
}

function WhyNotBody({
  sessionId,
  target,
  stateKey,
  onApplied,
  onClose,
}: TWhyNotDialogProps & { target: TWhyNotTarget }) {
  // The state the explanation was asked for: the forced choice changes the state, and the panel keeps its answer.
  const [askedKey] = useState(stateKey);
  const [applied, setApplied] = useState<TConfigureResult | null>(null);
  const explain = useExplain(sessionId, target, askedKey);
  const force = useForceChoice(sessionId, (result) => {
    setApplied(result);
    onApplied(result);
  });
  const caption = target.valueCaption;
  const canApply = explain.data && !explain.data.isEnabled && explain.data.canBeEnabled && !applied;
  return (
    <>
      <DialogTitle id="why-not-title">{`Why is ${caption} not available?`}</DialogTitle>
      <DialogContent dividers>
        {explain.isPending && (
          <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
            <CircularProgress size={24} aria-hidden />
            Working out what stands in the way…
          </Box>
        )}
        {explain.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void explain.refetch()}>
                Try again
              </Button>
            }
          >
            {`${errorText(explain.error)} The explanation could not be loaded; try again.`}
          </Alert>
        )}
        {explain.data && !applied && <WhyNotExplanation explain={explain.data} />}
        {applied && <AppliedChanges valueCaption={caption} changed={applied.changed} />}
        {force.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {`${errorText(force.error)} Nothing was changed; try again or choose another value.`}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={onClose} color="inherit" disabled={force.isPending}>
          {applied ? 'Done' : 'Close'}
        </Button>
        {canApply && (
          <Button
            variant="contained"
            startIcon={<AutoFixHighIcon />}
            loading={force.isPending}
            onClick={() => force.mutate(target)}
          >
            {`Choose ${caption}`}
          </Button>
        )}
      </DialogActions>
    </>
  );
}
