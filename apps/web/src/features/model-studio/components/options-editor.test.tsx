import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import type { TModel } from '../logic/model-edits';
import {
  harnessModel as current,
  emptyModel as empty,
  EditorHarness as Harness,
  typeInto as type,
} from './editor-harness';
import { OptionsEditor } from './options-editor';
import { RulesEditor } from './rules-editor';

describe('options editor', () => {
  afterEach(cleanup);

  it('adds an option with values and prices in cents, without any JSON', () => {
    renderWithApp(<Harness editor={OptionsEditor} initial={empty} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add option' }));
    type(screen.getByRole('textbox', { name: 'Caption' }), 'Top');
    type(screen.getByRole('textbox', { name: 'Name in rules' }), 'top');
    fireEvent.click(screen.getByRole('button', { name: 'Add value' }));
    const values = screen.getByRole('region', { name: 'Values of Top' });
    type(within(values).getByRole('textbox', { name: 'Caption' }), 'Glass');
    type(within(values).getByRole('textbox', { name: 'Value' }), 'glass');
    type(within(values).getByRole('textbox', { name: 'Price' }), '90.5');
    expect(current().options).toEqual([
      {
        id: 'top',
        caption: 'Top',
        kind: 'single',
        displayType: 'dropdown',
        values: [{ value: 'glass', caption: 'Glass', price: 9050 }],
      },
    ]);
  });

  it('says how to write a price it cannot read, and keeps the last good one', () => {
    renderWithApp(
      <Harness
        editor={OptionsEditor}
        initial={{
          ...empty,
          options: [
            {
              id: 'top',
              caption: 'Top',
              kind: 'single',
              displayType: 'dropdown',
              values: [{ value: 'oak', price: 500 }],
            },
          ],
        }}
      />,
    );
    const price = screen.getByRole('textbox', { name: 'Price' });
    expect((price as HTMLInputElement).value).toBe('5.00');
    type(price, '5.x');
    expect(screen.getByText('Enter an amount in dollars and cents, such as 12.50.')).toBeTruthy();
    expect(current().options[0]?.values?.[0]?.price).toBe(500);
  });

  it('reorders options with the move buttons', () => {
    const option = (id: string) => ({
      id,
      caption: id.toUpperCase(),
      kind: 'text' as const,
      displayType: 'textbox' as const,
    });
    renderWithApp(<Harness editor={OptionsEditor} initial={{ ...empty, options: [option('a'), option('b')] }} />);
    expect((screen.getByRole('button', { name: 'Move A up' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move B up' }));
    expect(current().options.map((entry) => entry.id)).toEqual(['b', 'a']);
    fireEvent.click(screen.getByRole('button', { name: 'Delete A' }));
    expect(current().options.map((entry) => entry.id)).toEqual(['b']);
  });
});

describe('rules editor', () => {
  afterEach(cleanup);

  it('shows the engine’s error under a rule as it is typed, and none once it is right', async () => {
    const initial: TModel = {
      ...empty,
      options: [{ id: 'top', caption: 'Top', kind: 'single', displayType: 'dropdown', values: [{ value: 'oak' }] }],
    };
    renderWithApp(<Harness editor={RulesEditor} initial={initial} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    const rule = screen.getByRole('combobox', { name: 'Rule' });
    type(rule, "tpo = 'oak'");
    expect(await screen.findByText("unknown option 'tpo' at 1:1")).toBeTruthy();
    type(rule, "top = 'oak'");
    await waitFor(() => expect(screen.queryByText(/unknown option/)).toBeNull());
    expect(current().constraints).toEqual([{ kind: 'rule', id: 'rule1', rule: "top = 'oak'" }]);
  });
});

describe('compatibility table editor', () => {
  afterEach(cleanup);

  it('builds a table of allowed rows in a grid of the options’ values', async () => {
    const single = (id: string, values: string[]) => ({
      id,
      caption: id.toUpperCase(),
      kind: 'single' as const,
      displayType: 'dropdown' as const,
      values: values.map((value) => ({ value, caption: value.toUpperCase() })),
    });
    renderWithApp(
      <Harness
        editor={RulesEditor}
        initial={{ ...empty, options: [single('top', ['oak', 'glass']), single('legs', ['steel', 'wood'])] }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add compatibility table' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    expect(current().constraints).toEqual([
      { kind: 'table', id: 'table1', options: ['top', 'legs'], semantics: 'allowed', tuples: [['oak', 'steel']] },
    ]);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Row 1, LEGS' }));
    fireEvent.click(await screen.findByRole('option', { name: 'WOOD' }));
    expect(current().constraints[0]).toMatchObject({ tuples: [['oak', 'wood']] });
    fireEvent.click(screen.getByRole('button', { name: 'Delete row 1' }));
    expect(current().constraints[0]).toMatchObject({ tuples: [] });
  });
});
