import { describe, expect, it } from 'vitest';
import type { TUiScreenOption, TUiState } from './entities/configurator';
import { applyUiStateChanges, uiStateChanges } from './ui-state-changes';

const option = (ID: string, Value = ''): TUiScreenOption => ({
  ID,
  Name: ID,
  IsRequired: false,
  IsEnabled: true,
  IsVisible: true,
  Value,
  SelectableValues: [],
  Ranges: null,
  DisplayFormat: '',
  DisplayType: 'textbox',
  Caption: ID,
  Tooltip: '',
  InformationLink: '',
  AutoContinueMode: 0,
  ValidationMessage: '',
});

const screen = (...ScreenOptions: TUiScreenOption[]) => ({
  Caption: 'Screen',
  ShowCaption: true,
  ShowSeparator: false,
  ScreenOptions,
});

const state = (pages: TUiState['Pages'], price = 100): TUiState => ({
  ConfiguredPrice: price,
  ImageUrl: '',
  Details: [],
  Pages: pages,
  IsExecutionComplete: false,
  OptionToFocus: '',
  Messages: [],
  ConfiguredPriceCents: price * 100,
  RemainingConfigurations: '4',
  Guarantee: 'complete',
  PartNumber: 'P',
  Description: '',
});

describe('configurator state changes', () => {
  const frame = option('frame');
  const colour = option('colour');
  const size = option('size');
  const before = state([
    { Caption: 'One', IsVisible: true, Screens: [screen(frame, colour)] },
    { Caption: 'Two', IsVisible: true, Screens: [screen(size), screen(colour)] },
  ]);

  it('carries the options that are not the objects they were, once each, and every other part of the state', () => {
    const newColour = option('colour', 'red');
    const after = state(
      [
        { Caption: 'One', IsVisible: true, Screens: [screen(frame, newColour)] },
        { Caption: 'Two', IsVisible: false, Screens: [screen(size), screen(newColour)] },
      ],
      120,
    );
    const changes = uiStateChanges(before, after);
    expect(changes?.ScreenOptions).toEqual([
      {
        ID: 'colour',
        IsEnabled: true,
        IsVisible: true,
        Value: 'red',
        Ranges: null,
        ValidationMessage: '',
        ValuesEnabled: '',
        ValuesVisible: '',
      },
    ]);
    expect(changes?.PageVisibility).toEqual([true, false]);
    expect(changes?.ConfiguredPriceCents).toBe(12000);
    expect(changes && applyUiStateChanges(before, changes)).toEqual(after);
  });

  it('keeps the pages and screens that nothing changed on as they were', () => {
    const after = state([
      before.Pages[0] as TUiState['Pages'][number],
      { Caption: 'Two', IsVisible: true, Screens: [screen(option('size', '3')), screen(colour)] },
    ]);
    const changes = uiStateChanges(before, after);
    if (!changes) throw new Error('Same layout, so changes');
    const applied = applyUiStateChanges(before, changes);
    expect(applied).toEqual(after);
    expect(applied.Pages[0]).toBe(before.Pages[0]);
    expect(applied.Pages[1]?.Screens[1]).toBe(before.Pages[1]?.Screens[1]);
    expect(applied.Pages[1]?.Screens[0]).not.toBe(before.Pages[1]?.Screens[0]);
  });

  it('carry the values’ flags and make them again beside the values’ own fields', () => {
    const choices = [
      { Value: 'oak', Caption: 'Oak', IsEnabled: true, IsVisible: true, ImageLink: '/oak.png' },
      { Value: 'ash', Caption: 'Ash', IsEnabled: true, IsVisible: true, ImageLink: '' },
    ];
    const wood = { ...option('wood'), DisplayType: 'dropdown' as const, SelectableValues: choices };
    const was = state([{ Caption: 'One', IsVisible: true, Screens: [screen(wood)] }]);
    const ashGone = [choices[0], { ...choices[1], IsEnabled: false, IsVisible: false }] as typeof choices;
    const now = state([{ Caption: 'One', IsVisible: true, Screens: [screen({ ...wood, SelectableValues: ashGone })] }]);
    const changes = uiStateChanges(was, now);
    expect(changes?.ScreenOptions).toMatchObject([{ ID: 'wood', ValuesEnabled: '10', ValuesVisible: '10' }]);
    expect(changes && applyUiStateChanges(was, changes)).toEqual(now);
  });

  it('takes a frozen option state’s change once, and an unfrozen one’s every time (it may have changed)', () => {
    const step = (colourState: TUiScreenOption) =>
      uiStateChanges(
        before,
        state([{ Caption: 'One', IsVisible: true, Screens: [screen(frame, colourState)] }, ...before.Pages.slice(1)]),
      );
    const shared = Object.freeze(option('colour', 'red'));
    const first = step(shared)?.ScreenOptions[0];
    expect(first).toMatchObject({ ID: 'colour', Value: 'red' });
    expect(step(shared)?.ScreenOptions[0]).toBe(first);
    const own = { ...option('colour', 'red') };
    expect(step(own)?.ScreenOptions[0]).toMatchObject({ Value: 'red' });
    Object.assign(own, { Value: 'blue', IsEnabled: false });
    expect(step(own)?.ScreenOptions[0]).toMatchObject({ Value: 'blue', IsEnabled: false });
  });

  it('answers null for states of another layout or model (another model version), so the whole state is sent', () => {
    const moved = state([
      { Caption: 'One', IsVisible: true, Screens: [screen(colour, frame)] },
      ...before.Pages.slice(1),
    ]);
    const fewer = state(before.Pages.slice(0, 1));
    const renamed = state([
      { Caption: 'One', IsVisible: true, Screens: [screen(frame, { ...colour, Caption: 'Colour of the frame' })] },
      ...before.Pages.slice(1),
    ]);
    expect(uiStateChanges(before, moved)).toBeNull();
    expect(uiStateChanges(before, fewer)).toBeNull();
    expect(uiStateChanges(before, renamed)).toBeNull();
  });

  it('refuses changes of another number of pages than the state has', () => {
    const changes = uiStateChanges(before, before);
    if (!changes) throw new Error('Same layout, so changes');
    expect(changes.ScreenOptions).toEqual([]);
    expect(() => applyUiStateChanges(state(before.Pages.slice(0, 1)), changes)).toThrow(/2 pages/);
  });
});
