import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import type { TModel } from '../logic/model-edits';
import {
  harnessModel as current,
  emptyModel as empty,
  EditorHarness as Harness,
  typeInto as type,
} from './editor-harness';
import { GeneralEditor } from './general-editor';
import { PricingEditor } from './pricing-editor';

const params = () => screen.getByRole('region', { name: 'Params' });

describe('params editor', () => {
  afterEach(cleanup);

  it('adds a param, names it, types it and gives it a default of that type', async () => {
    renderWithApp(<Harness editor={GeneralEditor} initial={empty} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add param' }));
    expect(current().params).toEqual([{ name: 'param1', type: 'string', default: null }]);
    type(within(params()).getByRole('textbox', { name: 'Name' }), 'state');
    type(within(params()).getByRole('textbox', { name: 'Default' }), 'OR');
    expect(current().params).toEqual([{ name: 'state', type: 'string', default: 'OR' }]);
    fireEvent.mouseDown(within(params()).getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Number' }));
    expect(current().params).toEqual([{ name: 'state', type: 'number', default: null }]);
    const numberDefault = within(params()).getByRole('textbox', { name: 'Default' });
    type(numberDefault, '2.5');
    expect(current().params?.[0]?.default).toBe(2.5);
    type(numberDefault, '2.x');
    expect(screen.getByText('Enter a number such as 12 or 0.5, or leave it empty for none.')).toBeTruthy();
    expect(current().params?.[0]?.default).toBe(2.5);
    type(numberDefault, '');
    expect(current().params?.[0]?.default).toBeNull();
  });

  it('edits a boolean default and removes params', async () => {
    renderWithApp(
      <Harness
        editor={GeneralEditor}
        initial={{
          ...empty,
          params: [
            { name: 'IsOrder', type: 'boolean', default: false },
            { name: 'state', type: 'string', default: null },
          ],
        }}
      />,
    );
    fireEvent.mouseDown(within(params()).getAllByRole('combobox', { name: 'Default' })[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: 'Yes' }));
    expect(current().params?.[0]).toEqual({ name: 'IsOrder', type: 'boolean', default: true });
    fireEvent.click(screen.getByRole('button', { name: 'Delete IsOrder' }));
    expect(current().params).toEqual([{ name: 'state', type: 'string', default: null }]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete state' }));
    expect(current().params).toBeUndefined();
  });

  it('shows the server’s error at the param’s field', () => {
    renderWithApp(
      <Harness
        editor={GeneralEditor}
        initial={{ ...empty, params: [{ name: '', type: 'string' }] }}
        errors={{ 'params[0].name': 'Give the param a name.' }}
      />,
    );
    const name = within(params()).getByRole('textbox', { name: 'Name' });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(within(params()).getByText('Give the param a name.')).toBeTruthy();
  });
});

describe('quantity breaks editor', () => {
  afterEach(cleanup);

  const withLine: TModel = { ...empty, pricing: { base: 1000, lines: [{ id: 'price1', amount: '500' }] } };

  it('adds, edits and removes a price line’s quantity breaks', () => {
    renderWithApp(<Harness editor={PricingEditor} initial={withLine} />);
    fireEvent.click(screen.getByRole('button', { name: 'Add quantity break' }));
    expect(current().pricing?.lines?.[0]?.quantityBreaks).toEqual([{ minQuantity: 10, factor: 1 }]);
    type(screen.getByRole('textbox', { name: 'Factor' }), '0.9');
    fireEvent.click(screen.getByRole('button', { name: 'Add quantity break' }));
    type(screen.getAllByRole('textbox', { name: 'From quantity' })[1] as HTMLElement, '50');
    type(screen.getAllByRole('textbox', { name: 'Factor' })[1] as HTMLElement, '0.8');
    expect(current().pricing?.lines?.[0]?.quantityBreaks).toEqual([
      { minQuantity: 10, factor: 0.9 },
      { minQuantity: 50, factor: 0.8 },
    ]);
    type(screen.getAllByRole('textbox', { name: 'From quantity' })[0] as HTMLElement, '0');
    expect(screen.getByText('Enter a whole number of 1 or more.')).toBeTruthy();
    expect(current().pricing?.lines?.[0]?.quantityBreaks?.[0]?.minQuantity).toBe(10);
    fireEvent.click(screen.getByRole('button', { name: 'Delete quantity break 1' }));
    expect(current().pricing?.lines?.[0]?.quantityBreaks).toEqual([{ minQuantity: 50, factor: 0.8 }]);
    expect((screen.getByRole('textbox', { name: 'From quantity' }) as HTMLInputElement).value).toBe('50');
    fireEvent.click(screen.getByRole('button', { name: 'Delete quantity break 1' }));
    expect(current().pricing?.lines?.[0]).toEqual({ id: 'price1', amount: '500' });
  });

  it('shows the server’s error at the break’s field', () => {
    renderWithApp(
      <Harness
        editor={PricingEditor}
        initial={{
          ...withLine,
          pricing: {
            base: 1000,
            lines: [{ id: 'price1', amount: '500', quantityBreaks: [{ minQuantity: 5, factor: 2 }] }],
          },
        }}
        errors={{ 'pricing.lines[0].quantityBreaks[0].factor': 'Number must be less than or equal to 1' }}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Factor' }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Number must be less than or equal to 1')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'From quantity' }).getAttribute('aria-invalid')).toBe('false');
  });
});
