import { MSG, type TStartResult, type TUiScreenOption, type TUiSelectableValue } from '@cpq/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../ui/generic-list/confirm-dialog';
import type { TConfiguratorSession } from '../hooks/use-configurator-session';
import { useFinishConfiguration } from '../hooks/use-finish-configuration';
import type { TWhyNotTarget } from '../hooks/use-why-not';
import { visiblePageIndexes } from '../logic/pages';
import { valueName } from '../logic/why-not-text';
import { ConfiguratorForm } from './configurator-form';
import { ConfiguratorHeader } from './configurator-header';
import { DetailsDialog } from './details-dialog';
import { focusOption } from './focus-option';
import { PageTabs } from './page-tabs';
import { PAGE_WIDTH_SX } from './page-width';
import { ProductImage } from './product-image';
import type { TOptionHandlers } from './screen-view';
import { WhyNotDialog } from './why-not-dialog';

type TWorkspaceProps = { session: TConfiguratorSession; started: TStartResult; routeQuoteId: number | null };

/** The configurator screen once a session has started: sticky header, page tabs, options and product image. */
export function ConfiguratorWorkspace({ session, started, routeQuoteId }: TWorkspaceProps) {
  const navigate = useNavigate();
  const { phase, finish } = useFinishConfiguration();
  const [isDetailsOpen, setDetailsOpen] = useState(false);
  const [isCancelOpen, setCancelOpen] = useState(false);
  const [whyNot, setWhyNot] = useState<TWhyNotTarget | null>(null);
  const { prepare, initialize } = started;
  const state = session.ui ?? started.ui;
  const mode = prepare.mode;
  const isDefault = mode === 'Default';
  const visible = visiblePageIndexes(state.Pages);
  const shownPages = isDefault ? [session.pageIndex] : visible;
  const quoteId = prepare.quoteId ?? routeQuoteId;
  const isFinishing = phase !== 'idle';
  const isBusy = session.isBusy || isFinishing;

  // After each answer the engine names the option to focus; only answers move focus, never the first load.
  const { stateKey } = session;
  useEffect(() => {
    if (stateKey > 0) focusOption(session.uiRef.current?.OptionToFocus ?? '');
  }, [stateKey, session.uiRef]);

  const handlers: TOptionHandlers = {
    drafts: session.drafts,
    errors: session.errors,
    pending: session.pending,
    isBusy,
    onPick: (option, raw) => void session.commit(option, raw),
    onDraft: session.setDraft,
    onSubmit: (option) => {
      const draft = session.drafts[option.ID];
      if (draft !== undefined) void session.submitTyped(option, draft);
    },
    onWhyNot: (option: TUiScreenOption, value: TUiSelectableValue) =>
      setWhyNot({ optionId: option.ID, value: value.Value, valueCaption: valueName(option, value) }),
  };

  const handleContinue = async () => {
    const options = session.validatePages(shownPages);
    if (!options) {
      focusFirstError();
      return;
    }
    if (!(await session.sendTyped(options))) return;
    const latest = session.uiRef.current;
    if (!isDefault || !latest) return;
    const next = visiblePageIndexes(latest.Pages).find((index) => index > session.pageRef.current);
    if (next !== undefined) session.goToPage(next);
  };

  const handleFinish = async () => {
    const options = session.validatePages(visible);
    if (!options || !(await session.sendTyped(options))) return;
    const latest = session.uiRef.current;
    if (latest?.IsExecutionComplete && session.sessionId) await finish(session.sessionId, quoteId);
  };

  const image = state.ImageUrl || prepare.imageUrl || '';
  const hasImage = isDefault && Boolean(image);
  return (
    <Box sx={{ flex: 1, pb: 6 }}>
      <ConfiguratorHeader
        mode={mode}
        isReconfigure={prepare.isReconfigure}
        productName={prepare.productName}
        price={state.ConfiguredPrice}
        currency={prepare.currency}
        isComplete={state.IsExecutionComplete}
        isBusy={isBusy}
        isFinishing={isFinishing}
        onCancel={() => setCancelOpen(true)}
        onDetails={() => setDetailsOpen(true)}
        onContinue={() => void handleContinue()}
        onFinish={() => void handleFinish()}
      />
      {phase === 'openingQuote' && <LinearProgress aria-label="Opening the quote" />}
      <Box sx={{ ...PAGE_WIDTH_SX, pt: { xs: 2, md: 3 } }}>
        {initialize.dropped.length > 0 && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {`This product changed since the configuration was saved. These choices no longer apply and were dropped: ${initialize.dropped
              .map((choice) => `${choice.optionId} = ${choice.value}`)
              .join(', ')}. Check the options below, then continue.`}
          </Alert>
        )}
        {isDefault && visible.length > 1 && (
          <PageTabs
            pages={state.Pages}
            visible={visible}
            current={session.pageIndex}
            isDisabled={isBusy}
            onSelect={session.goToPage}
          />
        )}
        <Box
          sx={{
            display: 'grid',
            gap: { xs: 2, md: 4 },
            pt: 3,
            gridTemplateColumns: { xs: '1fr', lg: hasImage ? 'minmax(0, 7fr) minmax(0, 5fr)' : '1fr' },
          }}
        >
          {hasImage && (
            <Box sx={{ order: { xs: 0, lg: 2 } }}>
              <ProductImage src={image} name={prepare.productName} />
            </Box>
          )}
          <Box sx={{ order: 1, minWidth: 0 }}>
            <ConfiguratorForm
              state={state}
              pages={shownPages}
              hasTabs={isDefault && visible.length > 1}
              handlers={handlers}
            />
          </Box>
        </Box>
      </Box>
      <DetailsDialog
        state={state}
        currency={prepare.currency}
        open={isDetailsOpen}
        onClose={() => setDetailsOpen(false)}
      />
      <ConfirmDialog
        open={isCancelOpen}
        title="Cancel configuration"
        message={MSG.confirmCancel}
        confirmLabel="Yes, cancel"
        cancelLabel="No, keep configuring"
        onCancel={() => setCancelOpen(false)}
        onConfirm={() => navigate(quoteId ? `/Quote/${quoteId}` : '/')}
      />
      {session.sessionId && (
        <WhyNotDialog
          sessionId={session.sessionId}
          target={whyNot}
          stateKey={stateKey}
          onApplied={session.applyAnswer}
          onClose={() => setWhyNot(null)}
        />
      )}
    </Box>
  );
}

/** Focuses the first option with an error once the errors have rendered. */
function focusFirstError() {
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>('[data-option-id] .Mui-error');
    const holder = field?.closest<HTMLElement>('[data-option-id]');
    if (holder?.dataset.optionId) focusOption(holder.dataset.optionId);
  });
}
