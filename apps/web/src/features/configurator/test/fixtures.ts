import {
  type TExplainResult,
  type TUiScreenOption,
  type TUiState,
  ZExplainResult,
  ZUiScreenOption,
  ZUiState,
} from '@cpq/contracts';

/** An option as the engine sends it, with overrides; parsed with the contract so fixtures cannot drift. */
export function makeOption(overrides: Partial<TUiScreenOption> = {}): TUiScreenOption {
  return ZUiScreenOption.parse({
    ID: 'finish',
    Name: 'finish',
    IsRequired: false,
    IsEnabled: true,
    IsVisible: true,
    Value: '',
    SelectableValues: [],
    Ranges: null,
    DisplayFormat: '',
    DisplayType: 'textbox',
    Caption: 'Finish',
    Tooltip: '',
    InformationLink: '',
    AutoContinueMode: 0,
    ValidationMessage: '',
    ...overrides,
  });
}

export const choice = (Value: string, Caption: string, IsEnabled = true, ImageLink = '') => ({
  Value,
  Caption,
  IsEnabled,
  IsVisible: true,
  ImageLink,
});

/** A two-page state: Material (dropdown, Steel disabled) and Width on page 1, Notes on page 2. */
export function makeState(overrides: Partial<TUiState> = {}): TUiState {
  return ZUiState.parse({
    ConfiguredPrice: 1234.5,
    ImageUrl: '/models/images/door-sectional.svg',
    Details: [
      { Caption: 'Material', Value: 'Oak', Type: 0 },
      { Caption: 'Base price', Value: '1234.5', Type: 5 },
    ],
    Pages: [
      {
        Caption: 'Frame',
        IsVisible: true,
        Screens: [
          {
            Caption: 'Build',
            ShowCaption: true,
            ShowSeparator: true,
            ScreenOptions: [
              makeOption({
                ID: 'material',
                Name: 'material',
                Caption: 'Material',
                DisplayType: 'dropdown',
                IsRequired: true,
                Value: 'oak',
                SelectableValues: [choice('oak', 'Oak'), choice('steel', 'Steel', false)],
              }),
              makeOption({
                ID: 'width',
                Name: 'width',
                Caption: 'Width (mm)',
                DisplayType: 'numerictextbox',
                IsRequired: true,
                Ranges: { Increment: 10, Min: 500, Max: 3000 },
              }),
            ],
          },
        ],
      },
      {
        Caption: 'Extras',
        IsVisible: true,
        Screens: [
          {
            Caption: 'Notes',
            ShowCaption: false,
            ShowSeparator: false,
            ScreenOptions: [makeOption({ ID: 'notes', Name: 'notes', Caption: 'Notes', DisplayType: 'textarea' })],
          },
        ],
      },
    ],
    IsExecutionComplete: false,
    OptionToFocus: 'width',
    Messages: [],
    ConfiguredPriceCents: 123450,
    RemainingConfigurations: '12',
    Guarantee: 'complete',
    PartNumber: 'DOOR-OAK',
    Description: 'Oak door',
    ...overrides,
  });
}

/** An explanation of why Steel is not available, with one change that allows it. */
export function makeExplain(overrides: Partial<TExplainResult> = {}): TExplainResult {
  return ZExplainResult.parse({
    optionId: 'material',
    optionCaption: 'Material',
    value: 'steel',
    valueCaption: 'Steel',
    isEnabled: false,
    canBeEnabled: true,
    conflict: [{ optionId: 'finish', optionCaption: 'Finish', value: 'walnut', valueCaption: 'Walnut' }],
    constraints: [{ id: 'r1', description: 'Steel frames take painted finishes only' }],
    changes: [
      {
        optionId: 'finish',
        optionCaption: 'Finish',
        from: 'walnut',
        fromCaption: 'Walnut',
        to: 'black',
        toCaption: 'Black',
      },
    ],
    ranges: [],
    summary: 'Steel is not available because Finish is Walnut.',
    ...overrides,
  });
}

/** The state with one option's value replaced. */
export const withValue = (state: TUiState, optionId: string, Value: string): TUiState =>
  withOption(state, optionId, { Value });

/** The state with one option's fields overridden. */
export function withOption(state: TUiState, optionId: string, overrides: Partial<TUiScreenOption>): TUiState {
  return {
    ...state,
    Pages: state.Pages.map((page) => ({
      ...page,
      Screens: page.Screens.map((screen) => ({
        ...screen,
        ScreenOptions: screen.ScreenOptions.map((option) =>
          option.ID === optionId ? { ...option, ...overrides } : option,
        ),
      })),
    })),
  };
}
