import { describe, expect, it } from 'vitest';
import { DisabledValueError, InvalidValueError } from '../model/errors';
import { parseModel } from '../model/model-validation';
import { compileModel } from '../product/product-compile';
import { screenOption } from '../testing/demo';
import { createSession, type InputValue, type ProductSession } from './product-session';

/** Choices written as 'optionId=value'. */
const asChoices = (entries: readonly string[]) =>
  entries.map((entry) => ({ optionId: entry.split('=')[0], value: entry.split('=')[1] }));

/** Forces a value: what it dropped and the choices left, as 'optionId=value'. */
const expectForced = (
  session: ProductSession,
  optionId: string,
  value: InputValue,
  dropped: string[],
  left: string[],
) => {
  expect(session.select(optionId, value, { dropConflicting: true }).dropped).toEqual(asChoices(dropped));
  expect(session.choices()).toEqual(asChoices(left));
};

const number = (id: string, caption: string, range: { min: number | string; max: number | string }) => ({
  id,
  caption,
  kind: 'number' as const,
  displayType: 'numerictextbox' as const,
  range,
});

/** Width and height in mm, the height at most twice the width (a bound the core cannot hold). */
const door = compileModel(
  parseModel({
    id: 'door',
    name: 'door',
    version: 1,
    options: [
      number('width', 'Width', { min: 10, max: 1000 }),
      number('height', 'Height', { min: 10, max: 'width * 2' }),
      { id: 'glass', caption: 'Glass', kind: 'boolean', displayType: 'checkbox' },
    ],
    pages: [{ id: 'p', caption: 'P', screens: [{ id: 's', caption: 'S', options: ['width', 'height', 'glass'] }] }],
    constraints: [],
  }),
);

describe('range bounds that read another number', () => {
  it('refuse a change of the number they read that would leave a chosen number outside them', () => {
    const session = createSession(door);
    session.select('width', 100);
    expect(session.range('height')).toEqual({ min: 10, max: 200, increment: 1 });
    expect(() => session.select('height', 250)).toThrow('This field can be no larger than 200');
    session.select('height', 150);
    expect(() => session.select('width', 60)).toThrow(
      new InvalidValueError('width', '60', 'This value is not available with your other choices: Height = 150'),
    );
    expect(session.choices()).toEqual([
      { optionId: 'width', value: '100' },
      { optionId: 'height', value: '150' },
    ]);
    expect(screenOption(session, 'width').ValidationMessage).toBe(
      'This value is not available with your other choices: Height = 150',
    );
    session.select('width', 75);
    expect(screenOption(session, 'width').ValidationMessage).toBe('');
    expect(session.choices()).toEqual([
      { optionId: 'width', value: '75' },
      { optionId: 'height', value: '150' },
    ]);
  });

  it('check a number chosen before the one its bound reads (unknown passes until then)', () => {
    const session = createSession(door);
    session.select('height', 500);
    expect(() => session.select('width', 200)).toThrow('Height = 500');
    session.select('width', 250);
    session.clear('width');
    expect(session.choices()).toEqual([{ optionId: 'height', value: '500' }]);
  });

  it('give way to a forced change: the numbers now outside their bounds are dropped', () => {
    const session = createSession(door);
    session.select('width', 100);
    session.select('height', 150);
    session.select('glass', true);
    expectForced(session, 'width', 60, ['height=150'], ['width=60', 'glass=True']);
    expect(() => session.select('width', 5000, { dropConflicting: true })).toThrow(
      'This field can be no larger than 1,000',
    );
    expect(session.choices()).toHaveLength(2);
  });

  it('are checked when choices are replayed', () => {
    expect(() =>
      createSession(door, {
        choices: [
          { optionId: 'height', value: 150 },
          { optionId: 'width', value: 60 },
        ],
      }),
    ).toThrow('Height = 150');
  });

  it('drop what a clear breaks when they read isSet/coalesce (fewer choices can make them false)', () => {
    const model = parseModel({
      id: 'm',
      name: 'm',
      version: 1,
      options: [number('w', 'W', { min: 0, max: 1000 }), number('h', 'H', { min: 0, max: 'coalesce(w, 100) * 2' })],
      pages: [],
      constraints: [],
    });
    const session = createSession(compileModel(model));
    session.select('w', 300);
    session.select('h', 500);
    expect(session.clear('w')).toEqual({ dropped: [{ optionId: 'h', value: '500' }] });
    expect(session.choices()).toEqual([]);
  });
});

/** A frame, a load in kg and a text code; the rules the core cannot hold are checked at selection time. */
const rack = compileModel(
  parseModel({
    id: 'rack',
    name: 'rack',
    version: 1,
    params: [{ name: 'limit', type: 'number', default: 100 }],
    options: [
      {
        id: 'frame',
        caption: 'Frame',
        kind: 'single',
        displayType: 'dropdown',
        values: [{ value: 'light', caption: 'Light' }, { value: 'heavy' }],
      },
      { id: 'bracing', caption: 'Bracing', kind: 'boolean', displayType: 'checkbox' },
      number('shelves', 'Shelves', { min: 1, max: 10 }),
      number('load', 'Load per shelf', { min: 0, max: 500 }),
      { id: 'code', caption: 'Code', kind: 'text', displayType: 'textbox' },
    ],
    pages: [
      {
        id: 'p',
        caption: 'P',
        screens: [{ id: 's', caption: 'S', options: ['frame', 'bracing', 'shelves', 'load', 'code'] }],
      },
    ],
    constraints: [
      { kind: 'rule', id: 'light-unbraced', rule: "frame = 'light' implies not bracing" },
      {
        kind: 'rule',
        id: 'light-total',
        description: 'A light frame carries at most 600 kg',
        rule: "frame = 'light' implies shelves * load <= 600",
      },
      { kind: 'rule', id: 'total', description: 'At most the limit per shelf', rule: 'load * 1 <= $limit * 3' },
      { kind: 'rule', id: 'code-length', description: 'Codes have four characters', rule: 'len(code) <= 4' },
    ],
  }),
);

describe('dropConflicting with selection-time rules', () => {
  it('drops the earlier choices that make a rule false, not the new one', () => {
    const session = createSession(rack);
    session.select('frame', 'heavy');
    session.select('shelves', 5);
    session.select('load', 200);
    expect(() => session.select('frame', 'light')).toThrow(
      'This value is not available with your other choices: A light frame carries at most 600 kg',
    );
    expectForced(session, 'frame', 'light', ['load=200'], ['frame=light', 'shelves=5']);
  });

  it('evaluates the rules against the choices that remain, so a value fine after the drop is accepted', () => {
    const session = createSession(rack);
    session.select('bracing', true);
    session.select('load', 300);
    session.select('shelves', 1);
    // 'light' conflicts with the bracing in the core and, with 300 kg on 3 shelves, with the light-frame rule.
    session.select('shelves', 3);
    expect(() => session.select('frame', 'light')).toThrow(DisabledValueError);
    expectForced(session, 'frame', 'light', ['bracing=True', 'shelves=3'], ['load=300', 'frame=light']);
    // A forced number: the frame that makes its total too heavy goes, the rest stays.
    expectForced(session, 'shelves', 4, ['frame=light'], ['load=300', 'shelves=4']);
  });

  it('refuses, changing nothing, a value that breaks a rule on its own (with the params)', () => {
    const session = createSession(rack);
    session.select('frame', 'heavy');
    session.select('code', 'AB12');
    const before = session.choices();
    expect(() => session.select('code', 'ABCDE', { dropConflicting: true })).toThrow('Codes have four characters');
    expect(() => session.select('load', 400, { dropConflicting: true })).toThrow('At most the limit per shelf');
    expect(session.choices()).toEqual(before);
    expect(screenOption(session, 'load').ValidationMessage).toBe(
      'This value is not available with your other choices: At most the limit per shelf',
    );
    const generous = createSession(rack, { params: { limit: 200 } });
    generous.select('load', 400, { dropConflicting: true });
    expect(generous.choices()).toEqual([{ optionId: 'load', value: '400' }]);
  });

  it('keeps a replay of the choices equal to the session after forced changes', () => {
    const session = createSession(rack);
    session.select('shelves', 2);
    session.select('load', 250);
    session.select('frame', 'light');
    session.select('shelves', 3, { dropConflicting: true });
    const replay = createSession(rack, { choices: session.choices() });
    expect(replay.choices()).toEqual(session.choices());
    expect(replay.state()).toEqual(session.state());
  });
});

describe('date text options', () => {
  const shipping = compileModel(
    parseModel({
      id: 'shipping',
      name: 'shipping',
      version: 1,
      options: [
        { id: 'ship', caption: 'Ship date', kind: 'text', displayType: 'textbox', displayFormat: 'Date' },
        { id: 'note', caption: 'Note', kind: 'text', displayType: 'textbox' },
      ],
      pages: [{ id: 'p', caption: 'P', screens: [{ id: 's', caption: 'S', options: ['ship', 'note'] }] }],
      constraints: [],
    }),
  );

  it('take only real MM/DD/YYYY dates and say how to write one', () => {
    const session = createSession(shipping);
    for (const text of ['Test', '2027-03-15', '3/15/2027', '13/01/2027', '02/29/2027', '04/31/2027', '00/10/2027']) {
      expect(() => session.select('ship', text)).toThrow(
        new InvalidValueError('ship', text, 'Enter a real date as MM/DD/YYYY, for example 03/15/2027.'),
      );
    }
    expect(session.choices()).toEqual([]);
    expect(screenOption(session, 'ship').ValidationMessage).toBe(
      'Enter a real date as MM/DD/YYYY, for example 03/15/2027.',
    );
    session.select('ship', '02/29/2028');
    session.select('note', 'Test');
    expect(session.choices()).toEqual(asChoices(['ship=02/29/2028', 'note=Test']));
    expect(screenOption(session, 'ship').ValidationMessage).toBe('');
  });
});
