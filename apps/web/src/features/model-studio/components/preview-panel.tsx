import { formatCurrency, type TStartRequest, type TUiScreenOption, type TUiSelectableValue } from '@cpq/contracts';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { errorText } from '../../../lib/api';
import { PageSpinner } from '../../../ui/page-spinner';
import { ConfiguratorForm } from '../../configurator/components/configurator-form';
import { PageTabs } from '../../configurator/components/page-tabs';
import type { TOptionHandlers } from '../../configurator/components/screen-view';
import { WhyNotDialog } from '../../configurator/components/why-not-dialog';
import { useConfiguratorSession } from '../../configurator/hooks/use-configurator-session';
import type { TWhyNotTarget } from '../../configurator/hooks/use-why-not';
import { visiblePageIndexes } from '../../configurator/logic/pages';
import { valueName } from '../../configurator/logic/why-not-text';
import { modelStudioApi } from '../api/model-studio.api';

type TPreviewPanelProps = {
  productId: number;
  /** Changes whenever the saved draft does, so the preview restarts on what was saved. */
  draftVersion: number;
  hasUnsavedChanges: boolean;
};

/**
 * The real configurator on the saved draft: the author picks values, sees the price and the messages, and asks
 * Why not? of a value a rule rules out, as a buyer would. Nothing of it is stored.
 */
export function PreviewPanel({ productId, draftVersion, hasUnsavedChanges }: TPreviewPanelProps) {
  const [run, setRun] = useState(0);
  if (draftVersion === 0) {
    return <Alert severity="info">Save the draft to preview it: the preview runs the saved draft.</Alert>;
  }
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Preview
        </Typography>
        <Button size="small" startIcon={<RefreshIcon />} onClick={() => setRun((n) => n + 1)}>
          Start over
        </Button>
      </Stack>
      {hasUnsavedChanges && (
        <Alert severity="warning">The preview shows the saved draft. Save to see your latest changes here.</Alert>
      )}
      <PreviewSession key={`${draftVersion}:${run}`} productId={productId} />
    </Stack>
  );
}

function PreviewSession({ productId }: { productId: number }) {
  const [request] = useState<TStartRequest>(() => ({ configurationId: crypto.randomUUID(), productId }));
  const startPreview = useCallback(
    (body: TStartRequest) => modelStudioApi.startPreview(productId, body.configurationId),
    [productId],
  );
  const session = useConfiguratorSession(request, startPreview);
  const [whyNot, setWhyNot] = useState<TWhyNotTarget | null>(null);
  if (session.start.isError) return <Alert severity="error">{errorText(session.start.error)}</Alert>;
  const state = session.ui;
  if (!state) return <PageSpinner label="Starting the preview" />;
  const visible = visiblePageIndexes(state.Pages);
  const handlers: TOptionHandlers = {
    drafts: session.drafts,
    errors: session.errors,
    pending: session.pending,
    isBusy: session.isBusy,
    onPick: (option, raw) => void session.commit(option, raw),
    onDraft: session.setDraft,
    onSubmit: (option) => {
      const draft = session.drafts[option.ID];
      if (draft !== undefined) void session.submitTyped(option, draft);
    },
    onWhyNot: (option: TUiScreenOption, value: TUiSelectableValue) =>
      setWhyNot({ optionId: option.ID, value: value.Value, valueCaption: valueName(option, value) }),
  };
  return (
    <Box aria-label="Preview of the draft" component="section">
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, mb: 1, flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600 }} data-testid="preview-price">
          {formatCurrency(state.ConfiguredPrice)}
        </Typography>
        <Chip
          size="small"
          color={state.IsExecutionComplete ? 'success' : 'default'}
          label={state.IsExecutionComplete ? 'Complete' : 'Incomplete'}
        />
      </Stack>
      {visible.length > 1 && (
        <PageTabs
          pages={state.Pages}
          visible={visible}
          current={session.pageIndex}
          isDisabled={session.isBusy}
          onSelect={session.goToPage}
        />
      )}
      <Box sx={{ pt: 2 }}>
        <ConfiguratorForm state={state} pages={[session.pageIndex]} hasTabs={visible.length > 1} handlers={handlers} />
      </Box>
      {session.sessionId && (
        <WhyNotDialog
          sessionId={session.sessionId}
          target={whyNot}
          stateKey={session.stateKey}
          onApplied={session.applyAnswer}
          onClose={() => setWhyNot(null)}
        />
      )}
    </Box>
  );
}
