import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useState } from 'react';
import { countUnder } from '../logic/error-paths';
import type { TModel } from '../logic/model-edits';
import type { TEditorProps } from './editor-props';
import { GeneralEditor } from './general-editor';
import { JsonPanel } from './json-panel';
import { OptionsEditor } from './options-editor';
import { OutputsEditor } from './outputs-editor';
import { PagesEditor } from './pages-editor';
import { PricingEditor } from './pricing-editor';
import { RulesEditor } from './rules-editor';
import { VersionsList } from './versions-list';

const TABS = [
  { key: 'general', label: 'General', prefixes: ['name', 'description', 'imageUrl', 'id', 'params', ''] },
  { key: 'options', label: 'Options', prefixes: ['options'] },
  { key: 'pages', label: 'Pages', prefixes: ['pages'] },
  { key: 'pricing', label: 'Pricing', prefixes: ['pricing'] },
  { key: 'rules', label: 'Rules', prefixes: ['constraints'] },
  { key: 'outputs', label: 'Outputs', prefixes: ['outputs', 'messages'] },
  { key: 'json', label: 'JSON', prefixes: [] },
  { key: 'versions', label: 'Versions', prefixes: [] },
] as const;

type TTabKey = (typeof TABS)[number]['key'];

type TStudioEditorTabsProps = TEditorProps & {
  productId: number;
  fileName: string;
  onImport: (model: TModel) => void;
  onError: (message: string) => void;
};

/** The studio's editors, one tab each, every tab counting the errors of the last refused save within it. */
export function StudioEditorTabs(props: TStudioEditorTabsProps) {
  const { model, setModel, errors, productId, fileName, onImport, onError } = props;
  const [tab, setTab] = useState<TTabKey>('general');
  const editor = { model, setModel, errors };
  return (
    <Box sx={{ minWidth: 0 }}>
      <Tabs
        value={tab}
        onChange={(_event, next: TTabKey) => setTab(next)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Parts of the model"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3, '& .MuiTab-root': { minWidth: 0, px: 1.25 } }}
      >
        {TABS.map((entry) => {
          const count = entry.prefixes.reduce((sum, prefix) => sum + countUnder(errors, prefix), 0);
          return (
            <Tab
              key={entry.key}
              value={entry.key}
              id={`studio-tab-${entry.key}`}
              aria-controls={`studio-panel-${entry.key}`}
              label={
                <Badge color="error" badgeContent={count} invisible={count === 0} sx={{ pr: count ? 1.5 : 0 }}>
                  {entry.label}
                </Badge>
              }
            />
          );
        })}
      </Tabs>
      <Box role="tabpanel" id={`studio-panel-${tab}`} aria-labelledby={`studio-tab-${tab}`}>
        {tab === 'general' && <GeneralEditor {...editor} />}
        {tab === 'options' && <OptionsEditor {...editor} />}
        {tab === 'pages' && <PagesEditor {...editor} />}
        {tab === 'pricing' && <PricingEditor {...editor} />}
        {tab === 'rules' && <RulesEditor {...editor} />}
        {tab === 'outputs' && <OutputsEditor {...editor} />}
        {tab === 'json' && <JsonPanel model={model} fileName={fileName} onImport={onImport} onError={onError} />}
        {tab === 'versions' && <VersionsList productId={productId} />}
      </Box>
    </Box>
  );
}
