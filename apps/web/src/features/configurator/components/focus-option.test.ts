import { afterEach, describe, expect, it } from 'vitest';
import { focusOption } from './focus-option';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('focusOption', () => {
  it("focuses a select's box rather than its hidden native input", () => {
    document.body.innerHTML = `<div data-option-id="a"><div role="combobox" tabindex="0" id="box"></div>
      <input aria-hidden="true" tabindex="-1" class="native"></div>`;
    expect(focusOption('a')).toBe(true);
    expect(document.activeElement?.id).toBe('box');
  });

  it('focuses the chosen radio of a group', () => {
    document.body.innerHTML = `<div data-option-id="b"><input type="radio" name="r" id="one">
      <input type="radio" name="r" id="two" checked></div>`;
    focusOption('b');
    expect(document.activeElement?.id).toBe('two');
  });

  it('does nothing for an option that is not on screen or has no id', () => {
    expect(focusOption('missing')).toBe(false);
    expect(focusOption('')).toBe(false);
  });
});
