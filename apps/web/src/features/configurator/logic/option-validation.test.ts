import { MSG, msgNoLargerThan, msgNoSmallerThan } from '@cpq/contracts';
import { describe, expect, it } from 'vitest';
import { makeOption } from '../test/fixtures';
import { validateOption } from './option-validation';

const ranged = (overrides = {}) =>
  makeOption({ DisplayType: 'numerictextbox', Ranges: { Increment: 1, Min: 10, Max: 20 }, ...overrides });

describe('validateOption', () => {
  it("requires a value of a required option: 'This field is required.'", () => {
    expect(validateOption(makeOption({ IsRequired: true }), ' ')).toBe(MSG.fieldRequired);
    expect(validateOption(makeOption({ IsRequired: false }), '')).toBeNull();
  });

  it('checks the minimum and the maximum', () => {
    expect(validateOption(ranged(), '9')).toBe(msgNoSmallerThan(10));
    expect(validateOption(ranged(), '21')).toBe(msgNoLargerThan(20));
    expect(validateOption(ranged(), '1,5')).toBeNull();
    expect(validateOption(ranged(), '20')).toBeNull();
  });

  it("says 'Must be a positive number.' for a negative in a numeric textbox with a minimum of 0 or more", () => {
    expect(validateOption(ranged({ Ranges: { Increment: 1, Min: 0, Max: 5 } }), '-1')).toBe(MSG.positiveNumber);
    expect(validateOption(ranged(), '-1')).toBe(MSG.positiveNumber);
    const slider = ranged({ DisplayType: 'numericcontrol', Ranges: { Increment: 1, Min: 0, Max: 5 } });
    expect(validateOption(slider, '-1')).toBe(msgNoSmallerThan(0));
    expect(validateOption(ranged({ Ranges: { Increment: 1, Min: -5, Max: 5 } }), '-1')).toBeNull();
  });

  it("says 'Must be a number.' for text that is no number, so that nothing is sent", () => {
    expect(validateOption(ranged(), 'abc')).toBe(MSG.notANumber);
    expect(validateOption(ranged(), '12abc')).toBe(MSG.notANumber);
    expect(validateOption(ranged({ DisplayType: 'numericcontrol', DisplayFormat: 'Fraction' }), '17 x/4')).toBe(
      MSG.notANumber,
    );
    expect(validateOption(ranged({ DisplayType: 'numericcontrol', DisplayFormat: 'Fraction' }), '17 3/4')).toBeNull();
  });

  it('writes the bounds in its messages with thousands commas, as the hint does', () => {
    const wide = ranged({ Ranges: { Increment: 10, Min: 1500, Max: 8000 } });
    expect(validateOption(wide, '8,010')).toBe('This field can be no larger than 8,000');
    expect(validateOption(wide, '1000')).toBe('This field can be no smaller than 1,500');
  });

  it('skips the min/max checks for Fraction options', () => {
    const option = ranged({ DisplayType: 'numericcontrol', DisplayFormat: 'Fraction' });
    expect(validateOption(option, '25 1/2')).toBeNull();
    expect(validateOption(option, '1/2')).toBeNull();
  });

  it("takes only real MM/DD/YYYY dates in a text option of the 'Date' format", () => {
    const date = makeOption({ DisplayType: 'textbox', DisplayFormat: 'Date', IsRequired: true });
    for (const typed of ['Test', '2027-03-15', '02/30/2027', '3/15/2027']) {
      expect(validateOption(date, typed)).toBe(MSG.invalidDate);
    }
    expect(validateOption(date, '03/15/2027')).toBeNull();
    expect(validateOption(date, '')).toBe(MSG.fieldRequired);
  });

  it('has nothing to say about text and checkboxes beyond required', () => {
    expect(validateOption(makeOption({ DisplayType: 'checkbox', IsRequired: true }), false)).toBeNull();
    expect(validateOption(makeOption({ DisplayType: 'textbox' }), 'anything')).toBeNull();
  });
});
