import { describe, expect, it } from 'vitest';
import { InvalidValueError } from '../model/errors';
import { createSession, type ProductSessionOptions } from '../product-session/product-session';
import { loadDemoModel, screenOption, walkRandomSessions } from '../testing/demo';
import { compileModel } from './product-compile';

const compiled = compileModel(loadDemoModel('industrial-door.json'));

/** A 4,000 x 3,000 mm sectional door with a standard motor and 80 mm panels (defaults for the rest). */
const standardDoor = (params?: ProductSessionOptions['params']) => {
  const session = createSession(compiled, { params });
  session.select('opener', 'standard');
  session.select('width', 4000);
  session.select('height', '3,000');
  session.select('insulation', 'i80');
  session.select('windLoad', 'class2');
  return session;
};

describe('industrial door demo model', () => {
  it('compiles completely: threshold rules and expression bounds are all in the core', () => {
    expect(compiled.guarantee).toBe('complete');
    expect(compiled.stats.runtimeRules).toEqual([]);
    expect(compiled.stats.intervals).toEqual({ width: 4, height: 2 });
  });

  it('lets the heavy motor take wider doors, and narrows the openers to fit a chosen width', () => {
    const session = createSession(compiled);
    session.select('opener', 'manual');
    expect(screenOption(session, 'width').Ranges).toEqual({ Increment: 10, Min: 1500, Max: 3500 });
    session.select('opener', 'standard');
    expect(screenOption(session, 'width').Ranges?.Max).toBe(5000);
    expect(() => session.select('width', 7000)).toThrow(InvalidValueError);
    expect(screenOption(session, 'width').ValidationMessage).toBe('This field can be no larger than 5,000');
    expect(session.choices().some((choice) => choice.optionId === 'width')).toBe(false);
    session.clear('opener');
    session.select('width', 7000);
    expect(session.validValues('opener')).toEqual(['heavy']);
    expect(session.validValues('windLoad')).toEqual(['class3', 'class4']);
    expect(screenOption(session, 'height').Ranges?.Max).toBe(5000);
    expect(screenOption(session, 'width').ValidationMessage).toBe('');
  });

  it('lets a forced width win over the opener, and reports a width a forced opener drops as the number entered', () => {
    const session = createSession(compiled);
    session.select('opener', 'manual');
    expect(() => session.select('width', 7000)).toThrow('This field can be no larger than 3,500');
    expect(session.select('width', 7000, { dropConflicting: true }).dropped).toEqual([
      { optionId: 'opener', value: 'manual' },
    ]);
    expect(session.validValues('opener')).toEqual(['heavy']);
    expect(screenOption(session, 'width').ValidationMessage).toBe('');
    expect(session.select('opener', 'standard', { dropConflicting: true }).dropped).toEqual([
      { optionId: 'width', value: '7000' },
    ]);
    expect(session.choices().filter((choice) => ['opener', 'width'].includes(choice.optionId))).toEqual([
      { optionId: 'opener', value: 'standard' },
    ]);
  });

  it('explains a manual opener against a 4,000 mm width with the width typed, its allowed range and the closest width', () => {
    const session = standardDoor();
    const explanation = session.explain('opener', 'manual');
    expect(explanation.conflict).toEqual([{ optionId: 'width', value: '4000' }]);
    expect(explanation.constraints).toEqual(['width.range.max']);
    expect(explanation.changes).toEqual([{ optionId: 'width', from: '4000', to: '3500' }]);
    expect(explanation.ranges).toEqual([{ optionId: 'width', min: 1500, max: 3500, increment: 10 }]);
    // Nothing changed in the session itself.
    expect(session.choices()).toContainEqual({ optionId: 'width', value: '4000' });
    expect(session.choices()).toContainEqual({ optionId: 'opener', value: 'standard' });
  });

  it('suggests the closest width on the 10 mm grid when the chosen width is off it, and below the minimum', () => {
    const session = createSession(compiled);
    session.select('opener', 'heavy');
    session.select('windLoad', 'class3');
    session.select('width', 7004);
    expect(session.explain('opener', 'standard').changes).toEqual([{ optionId: 'width', from: '7004', to: '5000' }]);
    const narrow = createSession(compiled);
    narrow.select('opener', 'standard');
    narrow.select('width', 3507);
    // Manual allows up to 3,500: 3,507 goes to 3,500, the closest step of 1,500 + 10 k inside.
    expect(narrow.explain('opener', 'manual').changes).toEqual([{ optionId: 'width', from: '3507', to: '3500' }]);
  });

  it('refuses a negative width with the spec’s words and a width below the minimum', () => {
    const session = createSession(compiled);
    expect(() => session.select('width', -5)).toThrow('Must be a positive number.');
    expect(() => session.select('width', 1000)).toThrow('This field can be no smaller than 1,500');
  });

  it('prices the door leaf and insulation by area, exact to the cent, with quantity breaks', () => {
    // 12 m²: base 450.00 + motor 650.00 + implied safety edge 95.00 + installation 850.00 + leaf 12 x 95.00
    // + insulation 12 x 32.00.
    expect(standardDoor().state().ConfiguredPriceCents).toBe(45000 + 65000 + 9500 + 85000 + 114000 + 38400);
    expect(standardDoor().state().ConfiguredPrice).toBe(3569);
    expect(standardDoor({ Quantity: 5 }).state().ConfiguredPriceCents).toBe(204500 + 108300 + 38400);
    const list = [{ Name: 'Quantity', SimpleValue: '10', IsNull: false, Type: 1 }];
    expect(standardDoor(list).state().ConfiguredPriceCents).toBe(204500 + 102600 + 34560);
  });

  it('shows details, part number, description and image from the choices', () => {
    const state = standardDoor().state();
    expect(state.PartNumber).toBe('IDR-S-4000X3000-STANDARD');
    expect(state.Description).toBe('Sectional door 4000 x 3000 mm, Standard motor 0.55 kW');
    expect(state.Details).toContainEqual({ Caption: 'Opener', Value: 'Standard motor 0.55 kW', Type: 0 });
    expect(state.Details).toContainEqual({ Caption: 'Area', Value: '12.00 m²', Type: 0 });
    expect(state.Details).toContainEqual({ Caption: 'Door leaf price', Value: '1140.00', Type: 5 });
    expect(state.ImageUrl).toBe('/models/images/door-sectional.svg');
  });

  it('raises messages of each severity when their conditions hold', () => {
    const session = standardDoor({ state: 'CA' });
    expect(session.state().Messages).toEqual([
      { Type: 'Information', Value: '80 mm panels meet the 2026 energy code (U = 0.5 W/m²K).' },
      { Type: 'Information', Value: 'California orders include Title 24 documentation.' },
    ]);
    session.select('opener', 'heavy');
    expect(() => session.select('width', 7000)).toThrow('This field can be no larger than 5,000'); // wind load 2
    session.select('windLoad', 'class3');
    session.select('width', 7000);
    session.select('height', 4500);
    expect(session.state().Messages[0]).toEqual({
      Type: 'Critical',
      Value: 'Doors over 30 m² need a structural review of the lintel before ordering.',
    });
    const manual = createSession(compiled);
    manual.select('opener', 'manual');
    manual.select('width', 3500);
    manual.select('height', 3000);
    expect(manual.state().Messages.map((message) => message.Type)).toContain('Warning');
  });

  it('hides vision-panel rows until panels are chosen, and asks for a RAL code only for a custom colour', () => {
    const session = standardDoor();
    expect(screenOption(session, 'windowRows').IsVisible).toBe(false);
    expect(session.state().IsExecutionComplete).toBe(true);
    session.select('windows', 'True');
    expect(session.state()).toMatchObject({ IsExecutionComplete: false, OptionToFocus: 'windowRows' });
    session.select('windowRows', '2');
    session.select('color', 'custom');
    expect(session.state()).toMatchObject({ IsExecutionComplete: false, OptionToFocus: 'customRal' });
    expect(screenOption(session, 'customRal').ValidationMessage).toBe('');
    expect(session.state({ validate: true }).Pages[2]?.Screens[1]?.ScreenOptions[1]?.ValidationMessage).toBe(
      'This field is required.',
    );
    session.select('customRal', '3020');
    expect(session.state().IsExecutionComplete).toBe(true);
    expect(session.state().Details).toContainEqual({ Caption: 'Colour', Value: 'RAL 3020', Type: 0 });
    session.select('color', 'ral9010');
    expect(session.state().ConfiguredPriceCents).toBe(356900 + 42000 + 38000);
  });

  it('never leads into a dead end in 300 random sessions with numbers', () => {
    walkRandomSessions(compiled, 300, 1);
  });
});
