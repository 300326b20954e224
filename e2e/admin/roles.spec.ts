import { MSG } from '@cpq/contracts';
import { DEMO } from '../support/api';
import { expect, test } from '../support/fixtures';
import { toast } from '../support/ui';
import { choose, iconPathIn, muiIconPath, signInAs, uniqueTag } from './support/admin';

/** The spec's icons by level: 9 astronaut (a rocket), 5 tie (a briefcase), 1 check, otherwise a group. */
const ICON_BY_LEVEL: Record<number, string> = {
  9: 'RocketLaunchOutlined',
  5: 'BusinessCenterOutlined',
  1: 'CheckCircleOutlined',
};
const iconOf = (level: number) => muiIconPath(ICON_BY_LEVEL[level] ?? 'GroupOutlined');

test.describe('/Role/default (level 9)', () => {
  test('cards sorted by level with the level icons; no search or pager', async ({ page, request }) => {
    await signInAs(page, request);
    await page.goto('/Role/default');
    await expect(page.getByRole('heading', { level: 1, name: 'Role Management' })).toBeVisible();
    const cards = page.getByRole('main').getByRole('listitem').getByRole('button');
    await expect(cards.first()).toBeVisible();
    const labels = await cards.evaluateAll((buttons) =>
      buttons.map((button) => button.getAttribute('aria-label') ?? ''),
    );
    const levels = labels.map((label) => Number(label.match(/level (\d)$/)?.[1]));
    expect(levels).toEqual([...levels].sort((a, b) => a - b));
    for (const name of ['Public User', 'Registered User', 'System Admin', 'Super Admin']) {
      expect(labels.some((label) => label.startsWith(`${name}, level`))).toBe(true);
    }
    for (const [index, level] of levels.entries()) {
      expect(await iconPathIn(cards.nth(index)), `icon of level ${level}`).toBe(iconOf(level));
    }
    await expect(page.getByRole('searchbox')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  });

  test('create a role, edit it in the “Editing Role” panel, and delete it after the warning', async ({
    page,
    request,
  }) => {
    await signInAs(page, request);
    await page.goto('/Role/default');
    const name = `Estimator ${uniqueTag('')}`;
    await page.getByRole('button', { name: 'Create Role' }).click();
    const panel = page.getByRole('dialog', { name: 'Create Role' });
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByText('Role Name is required.')).toBeVisible();
    await panel.getByRole('textbox', { name: 'Role Name' }).fill(name);
    await panel.getByRole('textbox', { name: 'Description' }).fill('Prices quotes.');
    await choose(page, panel.getByRole('combobox', { name: /^Role Access Level/ }), '3');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Role saved successfully!')).toBeVisible();
    await expect(panel).toHaveCount(0);

    // Sorted into place: after level 1, before level 5.
    const card = page.getByRole('button', { name: `${name}, level 3` });
    await expect(card).toBeVisible();
    expect(await iconPathIn(card)).toBe(iconOf(3));
    const labels = await page
      .getByRole('main')
      .getByRole('listitem')
      .getByRole('button')
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
    const at = labels.indexOf(`${name}, level 3`);
    expect(labels.slice(0, at).every((label) => Number(label.slice(-1)) <= 3)).toBe(true);
    expect(labels.slice(at + 1).every((label) => Number(label.slice(-1)) >= 3)).toBe(true);

    await card.click();
    const editor = page.getByRole('dialog', { name: 'Editing Role' });
    await expect(editor).toBeVisible();
    await expect(editor.getByRole('textbox', { name: 'Role Name' })).toHaveValue(name);
    await expect(editor.getByRole('textbox', { name: 'Description' })).toHaveValue('Prices quotes.');
    await expect(editor.getByRole('combobox', { name: /^Role Access Level/ })).toHaveText('3');
    await editor.getByRole('textbox', { name: 'Description' }).fill('Prices and approves quotes.');
    // Cancel with a change asks first.
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText(MSG.unsavedChanges)).toBeVisible();
    await page.getByRole('button', { name: 'No', exact: true }).click();
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Role saved successfully!')).toBeVisible();
    await expect(card).toContainText('Prices and approves quotes.');

    await card.click();
    await page.getByRole('dialog', { name: 'Editing Role' }).getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete role' });
    await expect(confirm).toContainText(
      `Deleting "${name}" breaks the application for every user assigned to this role. Are you sure you want to delete it?`,
    );
    await expect(confirm.getByRole('button')).toHaveText([MSG.noCancel, MSG.yesDelete]);
    await confirm.getByRole('button', { name: MSG.yesDelete }).click();
    await expect(toast(page, `Deleted the role "${name}".`)).toBeVisible();
    await expect(card).toHaveCount(0);
  });

  test('built-in roles keep their level and cannot be deleted', async ({ page, request }) => {
    await signInAs(page, request);
    await page.goto('/Role/default');
    await page.getByRole('button', { name: 'System Admin, level 5' }).click();
    const editor = page.getByRole('dialog', { name: 'Editing Role' });
    await expect(editor.getByRole('combobox', { name: /^Role Access Level/ })).toHaveAttribute('aria-disabled', 'true');
    await expect(editor.getByText('The level of a built-in role cannot be changed.')).toBeVisible();
    await expect(editor.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  });

  test('level 5 is let in (the guard admits 5 and 9) but cannot change roles', async ({ page, request }) => {
    await signInAs(page, request, DEMO.admin);
    await page.goto('/Role/default');
    await expect(page.getByRole('heading', { level: 1, name: 'Role Management' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create Role' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Super Admin, level 9' })).toHaveCount(0);
    await page.getByRole('button', { name: 'System Admin, level 5' }).click();
    const editor = page.getByRole('dialog', { name: 'Editing Role' });
    await expect(editor.getByText('Only Super Admins can change roles.')).toBeVisible();
    await expect(editor.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await editor.getByRole('button', { name: 'Close Editor' }).click();
    await expect(editor).toHaveCount(0);
  });
});
