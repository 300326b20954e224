import type { TUiScreenOptionChange, TUiStateChanges } from './api/configurator';
import type { TUiScreenOption, TUiState } from './entities/configurator';

/** Whether two states lay out the same pages, screens and options in the same places (one model version's). */
function isSameLayout(previous: TUiState, next: TUiState): boolean {
  if (previous.Pages.length !== next.Pages.length) return false;
  return next.Pages.every((page, p) => {
    const screens = previous.Pages[p]?.Screens ?? [];
    if (screens.length !== page.Screens.length) return false;
    return page.Screens.every((screen, s) => {
      const options = screens[s]?.ScreenOptions ?? [];
      return (
        options.length === screen.ScreenOptions.length &&
        screen.ScreenOptions.every((option, o) => options[o]?.ID === option.ID)
      );
    });
  });
}

/** Whether two states of an option have the same model's parts: all but what {@link TUiScreenOptionChange} holds. */
function isSameModelPart(was: TUiScreenOption, now: TUiScreenOption): boolean {
  const isSameOption =
    was.Name === now.Name &&
    was.IsRequired === now.IsRequired &&
    was.DisplayFormat === now.DisplayFormat &&
    was.DisplayType === now.DisplayType &&
    was.Caption === now.Caption &&
    was.Tooltip === now.Tooltip &&
    was.InformationLink === now.InformationLink &&
    was.AutoContinueMode === now.AutoContinueMode &&
    was.SelectableValues.length === now.SelectableValues.length;
  return (
    isSameOption &&
    now.SelectableValues.every((value, e) => {
      const before = was.SelectableValues[e];
      return before?.Value === value.Value && before.Caption === value.Caption && before.ImageLink === value.ImageLink;
    })
  );
}

const flags = (values: readonly boolean[]): string => values.map((value) => (value ? '1' : '0')).join('');

/** The parts of an option's state that a step can change. */
const optionChange = (option: TUiScreenOption): TUiScreenOptionChange => ({
  ID: option.ID,
  IsEnabled: option.IsEnabled,
  IsVisible: option.IsVisible,
  Value: option.Value,
  Ranges: option.Ranges,
  ValidationMessage: option.ValidationMessage,
  ValuesEnabled: flags(option.SelectableValues.map((value) => value.IsEnabled)),
  ValuesVisible: flags(option.SelectableValues.map((value) => value.IsVisible)),
});

/**
 * `next` as the changes from `previous` (see ZUiStateChanges), or null when the two differ in more than a step can
 * change (states of two model versions): then only the whole state will do. An option is looked at only when its
 * state is not the very object it was: the engine shares an option's state between the states that show it the same
 * way, so an unchanged option is the same object (an equal copy is merely sent again).
 */
export function uiStateChanges(previous: TUiState, next: TUiState): TUiStateChanges | null {
  if (!isSameLayout(previous, next)) return null;
  const { Pages, ...rest } = next;
  const changed = new Map<string, TUiScreenOptionChange>();
  for (const [p, page] of Pages.entries()) {
    for (const [s, screen] of page.Screens.entries()) {
      for (const [o, option] of screen.ScreenOptions.entries()) {
        const was = previous.Pages[p]?.Screens[s]?.ScreenOptions[o];
        if (option === was || changed.has(option.ID)) continue;
        if (!was || !isSameModelPart(was, option)) return null;
        changed.set(option.ID, optionChange(option));
      }
    }
  }
  return { ...rest, PageVisibility: Pages.map((page) => page.IsVisible), ScreenOptions: [...changed.values()] };
}

/** An option's state with a change made. */
function changedOption(option: TUiScreenOption, change: TUiScreenOptionChange): TUiScreenOption {
  const { ValuesEnabled, ValuesVisible, ...parts } = change;
  const SelectableValues = option.SelectableValues.map((value, e) => ({
    ...value,
    IsEnabled: ValuesEnabled[e] === '1',
    IsVisible: ValuesVisible[e] === '1',
  }));
  return { ...option, ...parts, SelectableValues };
}

/**
 * The state that `changes` make of `state` (the one they were taken from). Pages and screens without a changed
 * option stay the objects they were, so a view of one of them need not draw it again.
 */
export function applyUiStateChanges(state: TUiState, changes: TUiStateChanges): TUiState {
  const { PageVisibility, ScreenOptions, ...rest } = changes;
  if (PageVisibility.length !== state.Pages.length) {
    throw new Error(`The changes are of ${PageVisibility.length} pages, the state has ${state.Pages.length}`);
  }
  const byId = new Map(ScreenOptions.map((change) => [change.ID, change]));
  const made = new Map<string, TUiScreenOption>();
  const apply = (option: TUiScreenOption): TUiScreenOption => {
    const change = byId.get(option.ID);
    if (!change) return option;
    // An option on several screens is one state, as in the state the changes were taken from.
    let changed = made.get(option.ID);
    if (!changed) {
      changed = changedOption(option, change);
      made.set(option.ID, changed);
    }
    return changed;
  };
  const Pages = state.Pages.map((page, p) => {
    const IsVisible = PageVisibility[p] ?? page.IsVisible;
    const Screens = page.Screens.map((screen) =>
      screen.ScreenOptions.some((option) => byId.has(option.ID))
        ? { ...screen, ScreenOptions: screen.ScreenOptions.map(apply) }
        : screen,
    );
    const isSame = IsVisible === page.IsVisible && Screens.every((screen, s) => screen === page.Screens[s]);
    return isSame ? page : { ...page, IsVisible, Screens };
  });
  return { ...rest, Pages };
}
