import type { TUiScreenOptionChange, TUiStateChanges } from './api/configurator';
import type { TUiScreenOption, TUiState } from './entities/configurator';

/** Whether two states lay out the same pages, screens and options in the same places (one model version's). */
function isSameLayout(previous: TUiState, next: TUiState): boolean {
  if (previous.Pages.length !== next.Pages.length) return false;
  for (let p = 0; p < next.Pages.length; p += 1) {
    const screens = next.Pages[p]!.Screens;
    const wasScreens = previous.Pages[p]!.Screens;
    if (wasScreens.length !== screens.length) return false;
    for (let s = 0; s < screens.length; s += 1) {
      const options = screens[s]!.ScreenOptions;
      const wasOptions = wasScreens[s]!.ScreenOptions;
      if (wasOptions.length !== options.length) return false;
      for (let o = 0; o < options.length; o += 1) if (wasOptions[o]!.ID !== options[o]!.ID) return false;
    }
  }
  return true;
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
  if (!isSameOption) return false;
  for (let e = 0; e < now.SelectableValues.length; e += 1) {
    const before = was.SelectableValues[e]!;
    const value = now.SelectableValues[e]!;
    if (before.Value !== value.Value || before.Caption !== value.Caption || before.ImageLink !== value.ImageLink) {
      return false;
    }
  }
  return true;
}

const flags = (values: readonly boolean[]): string => values.map((value) => (value ? '1' : '0')).join('');

/**
 * The change each frozen option state makes, once taken (weakly: it goes with the state). The engine shares an
 * option's state between the states that show it the same way, so nearly every change a step answers was taken
 * before (a Megane step changes about 37 of its 99 options). A state that is not frozen could still change: its
 * change is taken every time.
 */
const takenChanges = new WeakMap<TUiScreenOption, TUiScreenOptionChange>();

/** The parts of an option's state that a step can change. */
function optionChange(option: TUiScreenOption): TUiScreenOptionChange {
  const taken = takenChanges.get(option);
  if (taken) return taken;
  const change: TUiScreenOptionChange = {
    ID: option.ID,
    IsEnabled: option.IsEnabled,
    IsVisible: option.IsVisible,
    Value: option.Value,
    Ranges: option.Ranges,
    ValidationMessage: option.ValidationMessage,
    ValuesEnabled: flags(option.SelectableValues.map((value) => value.IsEnabled)),
    ValuesVisible: flags(option.SelectableValues.map((value) => value.IsVisible)),
  };
  if (Object.isFrozen(option)) takenChanges.set(option, Object.freeze(change));
  return change;
}

/**
 * `next` as the changes from `previous` (see ZUiStateChanges), or null when the two differ in more than a step can
 * change (states of two model versions): then only the whole state will do. An option is looked at only when its
 * state is not the very object it was: the engine shares an option's state between the states that show it the same
 * way, so an unchanged option is the same object (an equal copy is merely sent again).
 * On 400 Megane steps of 50 sessions (one option alternating), a diff allocated 46 KB and took 33 microseconds
 * before changes were remembered, 19.6 KB and 22 with them, and 4.6 KB and 9 with this walk and the two checks
 * above by index: `every` and `entries()` made a closure or an iterator for every page, screen and option.
 */
export function uiStateChanges(previous: TUiState, next: TUiState): TUiStateChanges | null {
  if (!isSameLayout(previous, next)) return null;
  const { Pages, ...rest } = next;
  const ScreenOptions: TUiScreenOptionChange[] = [];
  // An option on several screens is one change.
  const seen = new Set<string>();
  const PageVisibility: boolean[] = [];
  for (let p = 0; p < Pages.length; p += 1) {
    const page = Pages[p]!;
    PageVisibility.push(page.IsVisible);
    for (let s = 0; s < page.Screens.length; s += 1) {
      const options = page.Screens[s]!.ScreenOptions;
      const wasOptions = previous.Pages[p]!.Screens[s]!.ScreenOptions;
      for (let o = 0; o < options.length; o += 1) {
        const option = options[o]!;
        const was = wasOptions[o]!;
        if (option === was || seen.has(option.ID)) continue;
        if (!isSameModelPart(was, option)) return null;
        seen.add(option.ID);
        ScreenOptions.push(optionChange(option));
      }
    }
  }
  return { ...rest, PageVisibility, ScreenOptions };
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
