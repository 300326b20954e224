import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../test/render';
import type { TModel } from '../logic/model-edits';
import { ExpressionField } from './expression-field';

const model: TModel = {
  id: 'desk',
  name: 'Desk',
  version: 1,
  options: [
    {
      id: 'top',
      caption: 'Top',
      kind: 'single',
      displayType: 'dropdown',
      values: [
        { value: 'oak', caption: 'Oak' },
        { value: 'glass', caption: 'Glass' },
      ],
    },
    { id: 'tone', caption: 'Tone', kind: 'text', displayType: 'textbox' },
    { id: 'width', caption: 'Width', kind: 'number', displayType: 'numerictextbox', range: { min: 1, max: 9 } },
  ],
  pages: [],
  constraints: [],
};

function Harness({ initial = '' }: { initial?: string }) {
  const [rule, setRule] = useState(initial);
  return (
    <>
      <ExpressionField label="Rule" value={rule} model={model} expected="boolean" onChange={setRule} />
      <output data-testid="rule">{rule}</output>
    </>
  );
}

const field = () => screen.getByRole('combobox', { name: 'Rule' }) as HTMLTextAreaElement;
/** Types `text` as the new content with the caret at its end, as a keystroke would leave it. */
function typeText(text: string) {
  const element = field();
  element.focus();
  fireEvent.change(element, { target: { value: text, selectionStart: text.length, selectionEnd: text.length } });
}
const options = () => within(screen.getByRole('listbox', { name: 'Suggestions' })).getAllByRole('option');
const highlight = () => screen.getByTestId('expression-highlight');

describe('expression field', () => {
  afterEach(cleanup);

  it('colours the text by the engine’s tokens', () => {
    renderWithApp(<Harness initial="top = 'oak' and max(width, 2) > 3" />);
    const kinds = [...highlight().querySelectorAll('[data-kind]')]
      .filter((span) => span.getAttribute('data-kind') !== 'plain')
      .map((span) => `${span.getAttribute('data-kind')}:${span.textContent}`);
    expect(kinds).toEqual([
      'option:top',
      'operator:=',
      "string:'oak'",
      'keyword:and',
      'function:max',
      'operator:(',
      'option:width',
      'operator:,',
      'number:2',
      'operator:)',
      'operator:>',
      'number:3',
    ]);
  });

  it('underlines the place of the engine’s error and says it under the field as the author types', async () => {
    renderWithApp(<Harness />);
    typeText("top = 'oak' and tpo = 'x'");
    expect(await screen.findByText("unknown option 'tpo' at 1:17")).toBeTruthy();
    await waitFor(() => expect(highlight().querySelector('[data-error]')?.textContent).toBe('tpo'));
    expect(field().getAttribute('aria-invalid')).toBe('true');
    typeText("top = 'oak' and top = 'x'");
    await waitFor(() => expect(screen.queryByText(/unknown option/)).toBeNull());
    expect(highlight().querySelector('[data-error]')).toBeNull();
  });

  it('marks a missing operand at the end of the text', async () => {
    renderWithApp(<Harness />);
    typeText('width >');
    await waitFor(() => expect(highlight().querySelector('[data-error]')).not.toBeNull());
    expect(screen.getByText(/at 1:8$/)).toBeTruthy();
  });

  it('completes an option name, then its values inside quotes, with the keyboard', () => {
    renderWithApp(<Harness />);
    typeText('to');
    expect(field().getAttribute('aria-expanded')).toBe('true');
    expect(options().map((option) => option.textContent)).toEqual(['topTop', 'toneTone']);
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect(field().getAttribute('aria-activedescendant')).toBe(options()[1]?.id);
    fireEvent.keyDown(field(), { key: 'ArrowUp' });
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(screen.getByTestId('rule').textContent).toBe('top');
    expect(field().getAttribute('aria-expanded')).toBe('false');

    typeText("top = 'g");
    expect(options().map((option) => option.textContent)).toEqual(['glassGlass']);
    fireEvent.keyDown(field(), { key: 'Tab' });
    expect(screen.getByTestId('rule').textContent).toBe("top = 'glass'");
  });

  it('offers the values of the option in an in-list, and closes on Escape', () => {
    renderWithApp(<Harness />);
    typeText("top in ('oak', '");
    expect(options().map((option) => option.textContent)).toEqual(['oakOak', 'glassGlass']);
    fireEvent.keyDown(field(), { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    typeText("top in ('oak', 'o");
    expect(screen.getByRole('listbox')).toBeTruthy();
    // Moving the caret elsewhere (a click, an arrow key) closes the list too.
    // A click: React reads the new selection on the mouse's release (and ignores selection changes while a mouse
    // button is down, which another test's lone mousedown could otherwise leave it believing).
    fireEvent.mouseDown(field());
    field().setSelectionRange(1, 1);
    fireEvent.mouseUp(field());
    expect(screen.queryByRole('listbox')).toBeNull();
    typeText("top in ('oak', '");
    expect(screen.getByTestId('rule').textContent).toBe("top in ('oak', '");
  });

  it('completes parameters after $ and functions by name, and opens on Ctrl+Space', () => {
    renderWithApp(<Harness />);
    typeText('$Quo');
    expect(options().map((option) => option.textContent)).toEqual(['$QuoteIdparameter']);
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(screen.getByTestId('rule').textContent).toBe('$QuoteId');
    typeText('coal');
    fireEvent.mouseDown(options()[0] as HTMLElement);
    expect(screen.getByTestId('rule').textContent).toBe('coalesce(');
    typeText('');
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.keyDown(field(), { key: ' ', ctrlKey: true });
    expect(options().length).toBeGreaterThan(3);
  });
});
