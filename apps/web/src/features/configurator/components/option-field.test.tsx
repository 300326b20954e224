import type { TDisplayType, TUiScreenOption } from '@cpq/contracts';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render';
import { choice, makeOption } from '../test/fixtures';
import { CONTROLS } from './controls/option-control';
import { OptionField } from './option-field';

afterEach(cleanup);

const VALUES = [choice('oak', 'Oak', true, '/oak.svg'), choice('steel', 'Steel', false, '/steel.svg')];

function renderOption(overrides: Partial<TUiScreenOption>, props: Partial<Parameters<typeof OptionField>[0]> = {}) {
  const handlers = { onPick: vi.fn(), onDraft: vi.fn(), onSubmit: vi.fn(), onWhyNot: vi.fn() };
  const option = makeOption({ Caption: 'Material', SelectableValues: VALUES, Value: 'oak', ...overrides });
  renderWithApp(
    <OptionField option={option} draft={undefined} error={null} isDisabled={false} {...handlers} {...props} />,
  );
  return { ...handlers, option };
}

describe('OptionField picks the control of each display type', () => {
  it('has a control for every display type', () => {
    expect(Object.keys(CONTROLS).sort()).toEqual(
      [
        'checkbox',
        'dropdown',
        'imageandtexthorizontal',
        'imagedropdown',
        'numericcontrol',
        'numerictextbox',
        'radiobuttonhorizontal',
        'textarea',
        'textbox',
        'typeabledropdown',
      ].sort(),
    );
  });

  it('dropdown: a select listing the disabled value as disabled', async () => {
    renderOption({ DisplayType: 'dropdown' });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Material/ }));
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getByRole('option', { name: 'Steel' }).getAttribute('aria-disabled')).toBe('true');
    expect(within(listbox).queryAllByRole('img')).toHaveLength(0);
  });

  it('imagedropdown: a select whose items show the image', async () => {
    renderOption({ DisplayType: 'imagedropdown' });
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: /Material/ }));
    const oak = within(screen.getByRole('listbox')).getByRole('option', { name: 'Oak' });
    expect(oak.querySelector('img')?.getAttribute('src')).toBe('/oak.svg');
  });

  it('typeabledropdown: a combo box that filters as you type', async () => {
    const { onPick } = renderOption({ DisplayType: 'typeabledropdown', Value: '' });
    const input = await screen.findByRole('combobox', { name: /Material/ });
    expect(input.tagName).toBe('INPUT');
    act(() => input.focus());
    fireEvent.change(input, { target: { value: 'oa' } });
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Oak']);
    fireEvent.click(options[0] as HTMLElement);
    expect(onPick).toHaveBeenCalledWith('oak');
  });

  it('radiobuttonhorizontal: a radio group in a row', () => {
    const { onPick } = renderOption({ DisplayType: 'radiobuttonhorizontal', Value: '' });
    const group = screen.getByRole('radiogroup', { name: /Material/ });
    expect(group.className).toMatch(/row/i);
    expect((within(group).getByRole('radio', { name: 'Steel' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(group).getByRole('radio', { name: 'Oak' }));
    expect(onPick).toHaveBeenCalledWith('oak');
  });

  it('imageandtexthorizontal: selectable cards with image and caption', () => {
    renderOption({ DisplayType: 'imageandtexthorizontal' });
    const oak = screen.getByRole('radio', { name: 'Oak' }) as HTMLInputElement;
    expect(oak.checked).toBe(true);
    expect(oak.closest('label')?.querySelector('img')?.getAttribute('src')).toBe('/oak.svg');
  });

  it('numericcontrol: a slider and a number field, with the spec defaults when there is no range', () => {
    renderOption({ DisplayType: 'numericcontrol', SelectableValues: [], Value: '' });
    const slider = screen.getByRole('slider', { name: 'Material' });
    expect(slider.getAttribute('min')).toBe('0');
    expect(slider.getAttribute('max')).toBe('1');
    expect(slider.getAttribute('step')).toBe('0.1');
    expect(screen.getByRole('textbox', { name: /Material/ })).toBeTruthy();
  });

  it('numericcontrol with Fraction format shows mixed numbers', () => {
    renderOption({
      DisplayType: 'numericcontrol',
      DisplayFormat: 'Fraction',
      SelectableValues: [],
      Value: '18.5',
      Ranges: { Increment: 0.5, Min: 10, Max: 30 },
    });
    expect((screen.getByRole('textbox', { name: /Material/ }) as HTMLInputElement).value).toBe('18 1/2');
    expect(screen.getByRole('slider').getAttribute('aria-valuetext')).toBe('18 1/2');
  });

  it.each<[TDisplayType, string]>([
    ['numerictextbox', 'INPUT'],
    ['textbox', 'INPUT'],
    ['textarea', 'TEXTAREA'],
  ])('%s: a text field (%s) that submits on Tab', (type, tag) => {
    const { onSubmit, onDraft } = renderOption({ DisplayType: type, SelectableValues: [], Value: '' });
    const field = screen.getByRole('textbox', { name: /Material/ });
    expect(field.tagName).toBe(tag);
    fireEvent.change(field, { target: { value: '12' } });
    expect(onDraft).toHaveBeenCalledWith('12');
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.keyDown(field, { key: 'Tab' });
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("checkbox: ticking picks true (sent as 'True')", () => {
    const { onPick } = renderOption({ DisplayType: 'checkbox', SelectableValues: [], Value: 'False' });
    fireEvent.click(screen.getByRole('checkbox', { name: /Material/ }));
    expect(onPick).toHaveBeenCalledWith(true);
  });
});

describe('OptionField around the control', () => {
  it('shows the asterisk of a required option and the error beneath the field', () => {
    renderOption(
      { DisplayType: 'textbox', IsRequired: true, SelectableValues: [] },
      { error: 'This field is required.' },
    );
    const field = screen.getByRole('textbox', { name: /Material/ });
    expect(field.hasAttribute('required')).toBe(true);
    expect(screen.getByText('Material').parentElement?.textContent).toMatch(/Material\s*\*/);
    expect(field.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'This field is required.',
    );
  });

  it('offers a why-not button for each disabled value', () => {
    const { onWhyNot, option } = renderOption({ DisplayType: 'radiobuttonhorizontal' });
    fireEvent.click(screen.getByRole('button', { name: 'Why is Steel not available?' }));
    expect(onWhyNot).toHaveBeenCalledWith(option, VALUES[1]);
    expect(screen.queryByRole('button', { name: 'Why is Oak not available?' })).toBeNull();
  });

  it('shows the tooltip and the information link when present', () => {
    renderOption({ DisplayType: 'dropdown', Tooltip: 'Pick a wood.', InformationLink: 'https://example.com/wood' });
    expect(screen.getByRole('button', { name: 'About Material' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /More information about Material/ }).getAttribute('href')).toBe(
      'https://example.com/wood',
    );
  });

  it('locks a ticked checkbox whose No the engine disabled, and names the box in its why-not button', () => {
    const { onWhyNot } = renderOption({
      DisplayType: 'checkbox',
      Caption: 'Safety edge',
      Value: 'True',
      SelectableValues: [choice('False', 'No', false), choice('True', 'Yes')],
    });
    const box = screen.getByRole('checkbox', { name: /Safety edge/ }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Why is Safety edge: No not available?' }));
    expect(onWhyNot).toHaveBeenCalledTimes(1);
  });
});
