import type { TUiState } from '@cpq/contracts';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { pagePanelId, pageTabId } from './page-tabs';
import { ScreenView, type TOptionHandlers } from './screen-view';

/** Hidden on screen, read by screen readers. */
const visuallyHidden = {
  position: 'absolute',
  // Strings: in sx a bare 1 means 100%.
  width: '1px',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

type TConfiguratorFormProps = {
  state: TUiState;
  /** The pages to show: the current one in Default mode, every visible one in the other modes. */
  pages: readonly number[];
  hasTabs: boolean;
  handlers: TOptionHandlers;
};

/** The pages being shown with their screens and options. */
export function ConfiguratorForm({ state, pages, hasTabs, handlers }: TConfiguratorFormProps) {
  return (
    <Stack spacing={4}>
      {pages.map((index) => {
        const page = state.Pages[index];
        if (!page) return null;
        return (
          <Box
            key={index}
            id={pagePanelId(index)}
            role={hasTabs ? 'tabpanel' : undefined}
            aria-labelledby={hasTabs ? pageTabId(index) : undefined}
            component={hasTabs ? 'div' : 'section'}
          >
            {/* With tabs the tab already names the page: the heading stays for screen readers only. */}
            <Typography variant="h3" component="h2" sx={hasTabs ? visuallyHidden : { mb: 2.5 }}>
              {page.Caption}
            </Typography>
            <Stack spacing={4}>
              {page.Screens.map((screen, screenIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: screens have no id and keep their order
                <ScreenView key={`${index}-${screenIndex}`} screen={screen} handlers={handlers} />
              ))}
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
