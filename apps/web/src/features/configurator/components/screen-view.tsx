import type { TUiScreen, TUiScreenOption, TUiSelectableValue } from '@cpq/contracts';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TRawValue } from '../logic/option-value';
import { OptionField } from './option-field';

/** What the screens need from the page: drafts and errors by option id, and the change handlers. */
export type TOptionHandlers = {
  drafts: Readonly<Record<string, string>>;
  /** Values on their way to the engine, shown in place of the option's value meanwhile. */
  pending: Readonly<Record<string, string>>;
  errors: Readonly<Record<string, string>>;
  isBusy: boolean;
  onPick: (option: TUiScreenOption, raw: TRawValue) => void;
  onDraft: (option: TUiScreenOption, text: string) => void;
  onSubmit: (option: TUiScreenOption) => void;
  onWhyNot: (option: TUiScreenOption, value: TUiSelectableValue) => void;
};

/** One screen: its caption when ShowCaption, a separator when ShowSeparator, and its visible options. */
export function ScreenView({ screen, handlers }: { screen: TUiScreen; handlers: TOptionHandlers }) {
  const options = screen.ScreenOptions.filter((option) => option.IsVisible);
  if (options.length === 0) return null;
  return (
    <Box component="section" aria-label={screen.Caption || undefined}>
      {screen.ShowSeparator && <Divider sx={{ mb: 2.5 }} />}
      {screen.ShowCaption && screen.Caption && (
        <Typography variant="h4" component="h3" sx={{ mb: 2 }}>
          {screen.Caption}
        </Typography>
      )}
      <Stack spacing={3}>
        {options.map((option) => (
          <OptionField
            key={option.ID}
            option={option.ID in handlers.pending ? { ...option, Value: handlers.pending[option.ID] ?? '' } : option}
            draft={handlers.drafts[option.ID]}
            error={handlers.errors[option.ID] || option.ValidationMessage || null}
            isDisabled={handlers.isBusy || !option.IsEnabled}
            onPick={(raw) => handlers.onPick(option, raw)}
            onDraft={(text) => handlers.onDraft(option, text)}
            onSubmit={() => handlers.onSubmit(option)}
            onWhyNot={handlers.onWhyNot}
          />
        ))}
      </Stack>
    </Box>
  );
}
