import type { TUiPage } from '@cpq/contracts';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';

type TPageTabsProps = {
  pages: readonly TUiPage[];
  /** Indexes into pages of the visible ones. */
  visible: readonly number[];
  current: number;
  isDisabled: boolean;
  onSelect: (pageIndex: number) => void;
};

export const pageTabId = (index: number): string => `cfg-page-tab-${index}`;
export const pagePanelId = (index: number): string => `cfg-page-panel-${index}`;

/** Default mode's page tabs, with previous and next arrows; only visible pages have a tab. */
export function PageTabs({ pages, visible, current, isDisabled, onSelect }: TPageTabsProps) {
  const position = visible.indexOf(current);
  const previous = position > 0 ? visible[position - 1] : undefined;
  const next = position >= 0 && position < visible.length - 1 ? visible[position + 1] : undefined;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', borderBottom: 1, borderColor: 'divider', minWidth: 0 }}>
      <IconButton
        aria-label="Previous page"
        disabled={isDisabled || previous === undefined}
        onClick={() => previous !== undefined && onSelect(previous)}
      >
        <ChevronLeftIcon />
      </IconButton>
      <Tabs
        value={position >= 0 ? current : false}
        onChange={(_event, value: number) => onSelect(value)}
        variant="scrollable"
        scrollButtons={false}
        aria-label="Configuration pages"
        sx={{ flex: 1, minWidth: 0 }}
      >
        {visible.map((index, order) => (
          <Tab
            key={index}
            value={index}
            disabled={isDisabled}
            id={pageTabId(index)}
            aria-controls={pagePanelId(index)}
            label={`${order + 1}. ${pages[index]?.Caption ?? ''}`}
          />
        ))}
      </Tabs>
      <IconButton
        aria-label="Next page"
        disabled={isDisabled || next === undefined}
        onClick={() => next !== undefined && onSelect(next)}
      >
        <ChevronRightIcon />
      </IconButton>
    </Box>
  );
}
