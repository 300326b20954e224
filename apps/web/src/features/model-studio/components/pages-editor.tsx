import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { moveItem, nextId, removeAt, replaceAt, type TPage, usedIds } from '../logic/model-edits';
import { AddButton } from './add-button';
import type { TEditorProps } from './editor-props';
import { ExpressionField } from './expression-field';
import { ReorderList } from './reorder-list';
import { ScreenEditor } from './screen-editor';

/** The configurator's pages in order, each with its screens, and when a page shows. */
export function PagesEditor({ model, setModel, errors }: TEditorProps) {
  const setPage = (index: number, page: TPage) =>
    setModel((current) => ({ ...current, pages: replaceAt(current.pages, index, page) }));
  const handleAdd = () =>
    setModel((current) => {
      const taken = usedIds(current);
      const pageId = nextId('page', taken);
      const screenId = nextId('screen', taken);
      const caption = `Page ${current.pages.length + 1}`;
      const page: TPage = { id: pageId, caption, screens: [{ id: screenId, caption, options: [] }] };
      return { ...current, pages: [...current.pages, page] };
    });
  return (
    <Stack spacing={2}>
      {model.pages.length === 0 && (
        <Typography color="text.secondary">No pages yet. A page holds screens, and a screen holds options.</Typography>
      )}
      <ReorderList
        items={model.pages}
        labelOf={(page) => page.caption || page.id}
        onMove={(from, to) => setModel((current) => ({ ...current, pages: moveItem(current.pages, from, to) }))}
        onRemove={(index) => setModel((current) => ({ ...current, pages: removeAt(current.pages, index) }))}
        render={(page, index) => (
          <Stack spacing={2}>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
              <TextField
                label="Page caption"
                value={page.caption}
                onChange={(event) => setPage(index, { ...page, caption: event.target.value })}
                error={Boolean(errors[`pages[${index}].caption`])}
                helperText={errors[`pages[${index}].caption`]}
                fullWidth
              />
              <ExpressionField
                label="Shown when"
                value={page.visibleWhen ?? ''}
                model={model}
                expected="boolean"
                isOptional
                helperText="Empty: always"
                serverError={errors[`pages[${index}].visibleWhen`]}
                onChange={(text) => setPage(index, { ...page, visibleWhen: text === '' ? undefined : text })}
              />
            </Stack>
            <Typography variant="subtitle2" component="h4">
              Screens
            </Typography>
            <ReorderList
              items={page.screens}
              labelOf={(screen) => screen.caption || screen.id}
              onMove={(from, to) => setPage(index, { ...page, screens: moveItem(page.screens, from, to) })}
              onRemove={(i) => setPage(index, { ...page, screens: removeAt(page.screens, i) })}
              render={(screen, i) => (
                <ScreenEditor
                  model={model}
                  screen={screen}
                  path={`pages[${index}].screens[${i}]`}
                  errors={errors}
                  onChange={(next) => setPage(index, { ...page, screens: replaceAt(page.screens, i, next) })}
                />
              )}
            />
            <AddButton
              onClick={() => {
                const id = nextId('screen', usedIds(model));
                setPage(index, { ...page, screens: [...page.screens, { id, caption: '', options: [] }] });
              }}
            >
              Add screen
            </AddButton>
          </Stack>
        )}
      />
      <AddButton isOutlined onClick={handleAdd}>
        Add page
      </AddButton>
    </Stack>
  );
}
