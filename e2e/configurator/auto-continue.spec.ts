import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MSG } from '@cpq/contracts';
import { superAdminToken, uniqueTag } from '../admin/support/admin';
import { apiCall } from '../support/api';
import { expect, test } from '../support/fixtures';
import { answeredState, cfg, configured, idle, openAsSales } from './support/configurator';

type TModel = { id: string; name: string; options: { id: string; autoContinueMode?: number }[] };

/** The demo chair's model with other auto-continue modes: series 3 (move on), upholstery 2 (resend if focus stays). */
function chairModel(tag: string): TModel {
  const path = join(import.meta.dirname, '..', '..', 'models', 'office-chair.json');
  const model = JSON.parse(readFileSync(path, 'utf8')) as TModel;
  const modes: Record<string, number> = { series: 3, upholstery: 2 };
  return {
    ...model,
    id: `chair-${tag}`,
    name: `Auto-continue chair ${tag}`,
    options: model.options.map((option) =>
      option.id in modes ? { ...option, autoContinueMode: modes[option.id] } : option,
    ),
  };
}

test('auto-continue 3 moves to the next page; 2 sends again only while the engine keeps the focus', async ({
  page,
  request,
}) => {
  const token = await superAdminToken(request);
  const tag = uniqueTag('ac');
  const product = await apiCall(
    request,
    'productManagement/createProduct',
    {
      input: {
        Name: `Auto-continue chair ${tag}`,
        ProductNumber: `AC-${tag}`.toUpperCase(),
        Description: 'The demo chair with auto-continue modes 2 and 3.',
        isNonConfigurable: false,
        pid: 'default',
      },
    },
    token,
  );
  await apiCall(request, 'productManagement/saveModel', { productId: product.ID, model: chairModel(tag) }, token);

  const { sent } = await openAsSales(page, request, `Auto-continue chair ${tag}`);
  const ui = cfg(page);
  await expect(ui.tab('1. Model')).toHaveAttribute('aria-selected', 'true');
  // click, not check: the page moves on with the answer, so the radio is gone before check could verify it.
  await configured(page, () => page.getByRole('radio', { name: 'Task' }).click());
  await expect(ui.tab('2. Upholstery')).toHaveAttribute('aria-selected', 'true');
  await idle(page);
  expect(sent.filter((body) => body.id === 'series')).toHaveLength(1);

  const answer = await configured(page, () => page.getByRole('radio', { name: 'Woven fabric' }).check());
  await idle(page);
  const expected = answeredState(answer).OptionToFocus === 'upholstery' ? 2 : 1;
  expect(sent.filter((body) => body.id === 'upholstery')).toHaveLength(expected);
  await expect(ui.tab('2. Upholstery')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText(MSG.fieldRequired)).toHaveCount(0);
});
