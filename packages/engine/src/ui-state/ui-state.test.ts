import { describe, expect, it } from 'vitest';
import { parseModel } from '../model/model-validation';
import { FIELD_MESSAGES, msgNoLargerThan, msgNoSmallerThan } from '../product/field-messages';
import { compileModel } from '../product/product-compile';
import { createSession } from '../product-session/product-session';
import { OPTION_STATES_KEPT, type UiScreenOption, type UiState } from './ui-state';

/** Width and height (1 to 10, the height's max as given), with more options and constraints. */
const widthAndHeight = (heightMax: number | string, options: unknown[] = [], constraints: unknown[] = []) =>
  compileModel(
    parseModel({
      id: 'm',
      name: 'm',
      version: 1,
      options: [
        { id: 'w', caption: 'Width', kind: 'number', displayType: 'numerictextbox', range: { min: 1, max: 10 } },
        {
          id: 'h',
          caption: 'Height',
          kind: 'number',
          displayType: 'numerictextbox',
          range: { min: 1, max: heightMax },
        },
        ...options,
      ],
      pages: [],
      constraints,
    }),
  );

describe('state() and field messages', () => {
  it('keeps the spec’s field messages word for word', () => {
    expect(FIELD_MESSAGES.required).toBe('This field is required.');
    expect(FIELD_MESSAGES.positiveNumber).toBe('Must be a positive number.');
    expect(msgNoSmallerThan(1500)).toBe('This field can be no smaller than 1,500');
    expect(msgNoLargerThan(8000)).toBe('This field can be no larger than 8,000');
  });

  it('checks rules over products of numbers and text when a choice is made, and says so', () => {
    const compiled = widthAndHeight(
      10,
      [{ id: 'code', caption: 'Code', kind: 'text', displayType: 'textbox' }],
      [
        { kind: 'rule', id: 'area', description: 'At most 20 m²', rule: 'w * h <= 20' },
        { kind: 'rule', id: 'code', rule: 'len(code) <= 4' },
      ],
    );
    expect(compiled.guarantee).toBe('finite-part');
    expect(compiled.stats.runtimeRules).toEqual(['area', 'code']);
    const session = createSession(compiled);
    session.select('w', 5);
    expect(() => session.select('h', 5)).toThrow('This value is not available with your other choices: At most 20 m²');
    session.select('h', 4);
    expect(() => session.select('code', 'ABCDE')).toThrow(/code/);
    expect(session.state().Guarantee).toBe('finite-part');
  });

  it('says finite-part when a range bound reads another number (it is checked when a choice is made)', () => {
    const compiled = widthAndHeight('w * 2');
    expect(compiled.guarantee).toBe('finite-part');
    expect(compiled.stats.runtimeBounds).toEqual(['h.range.max']);
    expect(compiled.stats.runtimeRules).toEqual([]);
    expect(createSession(compiled).state().Guarantee).toBe('finite-part');
  });

  it('refuses a number in a gap of the valid intervals with the reason', () => {
    const model = parseModel({
      id: 'm',
      name: 'm',
      version: 1,
      options: [
        {
          id: 'kind',
          caption: 'Kind',
          kind: 'single',
          displayType: 'dropdown',
          values: [{ value: 'a', caption: 'Alpha' }, { value: 'b' }],
        },
        { id: 'n', caption: 'N', kind: 'number', displayType: 'numerictextbox', range: { min: 0, max: 100 } },
      ],
      pages: [],
      constraints: [{ kind: 'rule', id: 'gap', rule: "kind = 'a' implies (n < 10 or n > 90)" }],
    });
    const session = createSession(compileModel(model));
    session.select('kind', 'a');
    expect(session.range('n')).toEqual({ min: 0, max: 100, increment: 1 });
    expect(() => session.select('n', 50)).toThrow('This value is not available with your other choices: Kind = Alpha');
    session.select('n', 95);
    expect(session.choices()).toEqual([
      { optionId: 'kind', value: 'a' },
      { optionId: 'n', value: '95' },
    ]);
  });
});

describe('state() shares what is the same', () => {
  /** A single-choice option whose caption is its id capitalised. */
  const single = (id: string, displayType: string, values: readonly string[]) => ({
    id,
    caption: id.charAt(0).toUpperCase() + id.slice(1),
    kind: 'single',
    displayType,
    values: values.map((value) => ({ value })),
  });
  /** Colour (red, blue; red only with steel), material (steel, wood) and a required free-text note, on one page. */
  const compiled = compileModel(
    parseModel({
      id: 'm',
      name: 'm',
      version: 1,
      options: [
        single('colour', 'dropdown', ['red', 'blue']),
        single('material', 'radiobuttonhorizontal', ['steel', 'wood']),
        { id: 'note', caption: 'Note', kind: 'text', displayType: 'textbox', required: true },
      ],
      pages: [
        {
          id: 'p',
          caption: 'Page',
          screens: [{ id: 's', caption: 'Screen', options: ['colour', 'material', 'note'] }],
        },
      ],
      constraints: [{ kind: 'rule', id: 'red', rule: "colour = 'red' implies material = 'steel'" }],
    }),
  );
  const optionOf = (state: UiState, id: string): UiScreenOption => {
    const found = state.Pages.flatMap((page) => page.Screens.flatMap((screen) => screen.ScreenOptions));
    const option = found.find((entry) => entry.ID === id);
    if (!option) throw new Error(`no option ${id}`);
    return option;
  };
  const stateWith = (choices: Record<string, string>): UiState => {
    const session = createSession(compiled);
    for (const [id, value] of Object.entries(choices)) session.select(id, value);
    return session.state();
  };

  it('gives sessions that show an option the same way the same frozen object', () => {
    const first = stateWith({ colour: 'red' });
    const second = stateWith({ colour: 'red', note: 'hello' });
    expect(optionOf(second, 'colour')).toBe(optionOf(first, 'colour'));
    expect(optionOf(second, 'material')).toBe(optionOf(first, 'material'));
    expect(optionOf(second, 'note')).not.toBe(optionOf(first, 'note'));
    expect(optionOf(second, 'note').Value).toBe('hello');
    expect(Object.isFrozen(optionOf(first, 'colour'))).toBe(true);
  });

  it('builds another object when the values on offer, the value or the message differ', () => {
    const red = stateWith({ colour: 'red' });
    const blue = stateWith({ colour: 'blue' });
    const open = stateWith({});
    // Red allows steel only; blue and no choice allow both, so those two share material's state.
    expect(optionOf(red, 'material').SelectableValues.map((entry) => entry.IsEnabled)).toEqual([true, false]);
    expect(optionOf(blue, 'material')).toBe(optionOf(open, 'material'));
    expect(optionOf(blue, 'material').SelectableValues.map((entry) => entry.IsEnabled)).toEqual([true, true]);
    expect(optionOf(red, 'colour').Value).toBe('red');
    expect(optionOf(blue, 'colour').Value).toBe('blue');
    const validated = createSession(compiled).state({ validate: true });
    expect(optionOf(validated, 'note').ValidationMessage).toBe(FIELD_MESSAGES.required);
    expect(optionOf(open, 'note').ValidationMessage).toBe('');
  });

  it('builds another object when only the values on offer differ, one step after the other', () => {
    // Size keeps two values with red, so nothing is implied: the option differs in its flags alone.
    const sized = compileModel(
      parseModel({
        id: 'sized',
        name: 'sized',
        version: 1,
        options: [single('colour', 'dropdown', ['red', 'blue']), single('size', 'dropdown', ['S', 'M', 'L'])],
        pages: [{ id: 'p', caption: 'Page', screens: [{ id: 's', caption: 'Screen', options: ['colour', 'size'] }] }],
        constraints: [{ kind: 'rule', id: 'no-red-l', rule: "colour = 'red' implies size != 'L'" }],
      }),
    );
    const session = createSession(sized);
    const flagsOf = (state: UiState) => optionOf(state, 'size').SelectableValues.map((entry) => entry.IsEnabled);
    session.select('colour', 'red');
    const red = session.state();
    session.select('colour', 'blue');
    const blue = session.state();
    expect(flagsOf(red)).toEqual([true, true, false]);
    expect(flagsOf(blue)).toEqual([true, true, true]);
    expect(optionOf(blue, 'size').Value).toBe(optionOf(red, 'size').Value);
    session.select('colour', 'red');
    expect(optionOf(session.state(), 'size')).toBe(optionOf(red, 'size'));
  });

  it('freezes the whole state, so that no session can change what another is shown', () => {
    const state = stateWith({ colour: 'red' });
    const frozen = (value: unknown): boolean =>
      typeof value !== 'object' || value === null || (Object.isFrozen(value) && Object.values(value).every(frozen));
    expect(frozen(state)).toBe(true);
    expect(() => {
      (optionOf(state, 'colour') as { Value: string }).Value = 'blue';
    }).toThrow(TypeError);
    expect(optionOf(stateWith({ colour: 'red' }), 'colour').Value).toBe('red');
  });

  it(`remembers at most ${OPTION_STATES_KEPT} states of an option, the least recently used going first`, () => {
    const notes = Array.from({ length: OPTION_STATES_KEPT + 1 }, (_, i) => `note ${i}`);
    const firstSeen = notes.map((note) => optionOf(stateWith({ note }), 'note'));
    // The first note's state was the least recently used when the last one came: it was forgotten.
    expect(optionOf(stateWith({ note: notes[0] as string }), 'note')).not.toBe(firstSeen[0]);
    // Asking for note 0 again forgot note 1; the last note is still remembered.
    expect(optionOf(stateWith({ note: notes[1] as string }), 'note')).not.toBe(firstSeen[1]);
    expect(optionOf(stateWith({ note: notes.at(-1) as string }), 'note')).toBe(firstSeen.at(-1));
  });

  it('counts a state asked for again as used now, however often it is asked for in a row', () => {
    const stateOf = (note: string) => optionOf(stateWith({ note }), 'note');
    const a = stateOf('kept A');
    stateOf('kept B');
    // A again (now after B), a new C, then A twice more: from least to most recently used, B, C, A.
    expect(stateOf('kept A')).toBe(a);
    const c = stateOf('kept C');
    expect(stateOf('kept A')).toBe(a);
    expect(stateOf('kept A')).toBe(a);
    // Enough new states to push out everything older than this test's, then B, then C.
    for (let i = 1; i < OPTION_STATES_KEPT; i += 1) stateOf(`filler ${i}`);
    expect(stateOf('kept A')).toBe(a);
    expect(stateOf('kept C')).not.toBe(c);
  });
});
