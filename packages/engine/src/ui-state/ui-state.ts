import { type Environment, type Expression, evaluateTruth, type Scalar, toText } from '../expr';
import { BOOLEAN_VALUES, captionOf, type ModelOption } from '../model/model';
import { FIELD_MESSAGES } from '../product/field-messages';
import type { NumberRange } from '../product/intervals';
import { detailsOf, identityOf, messagesOf, type UiDetail, type UiMessage } from '../product/outputs';
import type { ParamValues } from '../product/params';
import { priceCents } from '../product/pricing';
import type { CompiledProduct, ProductGuarantee } from '../product/product-compile';

export type { UiDetail, UiMessage } from '../product/outputs';

/** Selectable value of a screen option (spec field names). */
export type UiSelectableValue = {
  readonly Value: string;
  readonly Caption: string;
  readonly IsEnabled: boolean;
  readonly IsVisible: boolean;
  readonly ImageLink: string;
};

/** A screen option (spec field names) plus `ValidationMessage`, the field error to show under it ('' for none). */
export type UiScreenOption = {
  readonly ID: string;
  readonly Name: string;
  readonly IsRequired: boolean;
  readonly IsEnabled: boolean;
  readonly IsVisible: boolean;
  readonly Value: string;
  readonly SelectableValues: readonly UiSelectableValue[];
  readonly Ranges: { readonly Increment: number; readonly Min: number | null; readonly Max: number | null } | null;
  readonly DisplayFormat: string;
  readonly DisplayType: string;
  readonly Caption: string;
  readonly Tooltip: string;
  readonly InformationLink: string;
  readonly AutoContinueMode: number;
  readonly ValidationMessage: string;
};

/** A screen (spec field names). */
export type UiScreen = {
  readonly Caption: string;
  readonly ShowCaption: boolean;
  readonly ShowSeparator: boolean;
  readonly ScreenOptions: readonly UiScreenOption[];
};

/** A page (spec field names). */
export type UiPage = { readonly Caption: string; readonly IsVisible: boolean; readonly Screens: readonly UiScreen[] };

/**
 * The spec's "Configuration engine response", plus extras: `ConfiguredPriceCents` (the exact integer),
 * `RemainingConfigurations` (decimal text of the exact BigInt count), `Guarantee`, `PartNumber`, `Description`.
 */
export type UiState = {
  /** Unit price in dollars (cents / 100, so two decimals at most). */
  readonly ConfiguredPrice: number;
  readonly ImageUrl: string;
  readonly Details: readonly UiDetail[];
  readonly Pages: readonly UiPage[];
  readonly IsExecutionComplete: boolean;
  readonly OptionToFocus: string;
  readonly Messages: readonly UiMessage[];
  readonly ConfiguredPriceCents: number;
  readonly RemainingConfigurations: string;
  /** The session's own variant's guarantee (`finite-part` when rules or range bounds are selection-time checks). */
  readonly Guarantee: ProductGuarantee;
  readonly PartNumber: string;
  readonly Description: string;
};

/** Options of `state()`. */
export type UiStateOptions = {
  /** Also flag every visible, enabled, required option without a value ('This field is required.'): on submit. */
  readonly validate?: boolean;
};

/** What `state()` reads from a session. */
export type StateSource = {
  readonly compiled: CompiledProduct;
  readonly guarantee: ProductGuarantee;
  valueOf(optionId: string): Scalar;
  validValues(optionId: string): string[];
  range(optionId: string): NumberRange | null;
  validationMessage(optionId: string): string | undefined;
  count(): bigint;
  params(): ParamValues;
};

const selectableValues = (option: ModelOption, enabled: readonly string[], isVisible: boolean) => {
  if (option.kind === 'number' || option.kind === 'text') return [];
  const entries =
    option.kind === 'boolean'
      ? BOOLEAN_VALUES.map((value) => option.values?.find((entry) => entry.value === value) ?? { value })
      : (option.values ?? []);
  // Most options have a handful of values: a Set per option per step would cost more than it saves.
  const enabledSet = enabled.length > 16 ? new Set(enabled) : null;
  return entries.map(
    (entry): UiSelectableValue => ({
      Value: entry.value,
      Caption: entry.caption ?? entry.value,
      IsEnabled: enabledSet ? enabledSet.has(entry.value) : enabled.includes(entry.value),
      IsVisible: isVisible,
      ImageLink: entry.imageUrl ?? '',
    }),
  );
};

/** What every state of a model reads the same way: each option's place and conditions, resolved once per model. */
type StateLayout = {
  readonly optionIndex: ReadonlyMap<string, number>;
  readonly visibleWhen: readonly (Expression | undefined)[];
  readonly enabledWhen: readonly (Expression | undefined)[];
  readonly pageVisibleWhen: readonly (Expression | undefined)[];
};

const layouts = new WeakMap<CompiledProduct, StateLayout>();

const layoutOf = (compiled: CompiledProduct): StateLayout => {
  let layout = layouts.get(compiled);
  if (!layout) {
    const { model, expressions } = compiled;
    layout = {
      optionIndex: new Map(model.options.map((option, i) => [option.id, i])),
      visibleWhen: model.options.map((_, i) => expressions.get(`options[${i}].visibleWhen`)),
      enabledWhen: model.options.map((_, i) => expressions.get(`options[${i}].enabledWhen`)),
      pageVisibleWhen: model.pages.map((_, i) => expressions.get(`pages[${i}].visibleWhen`)),
    };
    layouts.set(compiled, layout);
  }
  return layout;
};

/**
 * Builds the UI state. Visibility and enablement conditions are Kleene: unknown shows and enables. A hidden page
 * hides its options. A hidden option never blocks completion, and it reads as unknown in prices, outputs and
 * messages (its value's price is not counted). A required option is answered by a choice or by a value the
 * constraints imply (exactly one enabled value).
 */
export const buildUiState = (session: StateSource, options: UiStateOptions = {}): UiState => {
  const { model, expressions } = session.compiled;
  const params = session.params();
  const full: Environment = {
    valueOf: (id) => session.valueOf(id),
    param: (name) => params[name] ?? null,
    captionOf: (id, value) => captionOf(model, id, value),
  };
  const layout = layoutOf(session.compiled);
  const { optionIndex } = layout;
  const holds = (expression: Expression | undefined) => (expression ? evaluateTruth(expression, full) !== false : true);
  const isVisible = new Map<string, boolean>();
  const pageVisible = model.pages.map((page, i) => {
    const visible = holds(layout.pageVisibleWhen[i]);
    for (const screen of page.screens) {
      for (const id of screen.options) {
        const own = holds(layout.visibleWhen[optionIndex.get(id) ?? -1]);
        isVisible.set(id, (isVisible.get(id) ?? false) || (visible && own));
      }
    }
    return visible;
  });
  const shown = (id: string) => isVisible.get(id) ?? holds(layout.visibleWhen[optionIndex.get(id) ?? -1]);
  const counted: Environment = { ...full, valueOf: (id) => (shown(id) ? session.valueOf(id) : null) };
  const textValue = (id: string) => toText(session.valueOf(id)) ?? '';

  let firstRequired = '';
  let firstOptional = '';
  let isComplete = true;
  const Pages = model.pages.map(
    (page, p): UiPage => ({
      Caption: page.caption,
      IsVisible: pageVisible[p] ?? true,
      Screens: page.screens.map(
        (screen): UiScreen => ({
          Caption: screen.caption,
          ShowCaption: screen.showCaption ?? true,
          ShowSeparator: screen.showSeparator ?? false,
          ScreenOptions: screen.options.map((id): UiScreenOption => {
            const i = optionIndex.get(id) ?? 0;
            const option = model.options[i] as ModelOption;
            const visible = shown(id);
            const enabled = holds(layout.enabledWhen[i]);
            const Value = textValue(id);
            const isRequired = option.required ?? false;
            const isOpen = visible && enabled && Value === '';
            if (isOpen && isRequired) isComplete = false;
            if (isOpen && isRequired && firstRequired === '') firstRequired = id;
            if (isOpen && !isRequired && firstOptional === '') firstOptional = id;
            const range = session.range(id);
            const requiredMessage = options.validate && isOpen && isRequired ? FIELD_MESSAGES.required : '';
            return {
              ID: id,
              Name: id,
              IsRequired: isRequired,
              IsEnabled: enabled,
              IsVisible: visible,
              Value,
              SelectableValues: selectableValues(option, session.validValues(id), visible),
              Ranges: range ? { Increment: range.increment, Min: range.min, Max: range.max } : null,
              DisplayFormat: option.displayFormat ?? '',
              DisplayType: option.displayType,
              Caption: option.caption,
              Tooltip: option.tooltip ?? '',
              InformationLink: option.informationLink ?? '',
              AutoContinueMode: option.autoContinueMode ?? 0,
              ValidationMessage: session.validationMessage(id) ?? requiredMessage,
            };
          }),
        }),
      ),
    }),
  );
  const count = session.count();
  const cents = priceCents(model, expressions, counted, (id) => {
    const value = counted.valueOf(id);
    return value === null || value === undefined ? undefined : (toText(value) ?? undefined);
  });
  const identity = identityOf(model, expressions, counted);
  return {
    ConfiguredPrice: cents / 100,
    ImageUrl: identity.imageUrl,
    Details: detailsOf(model, expressions, counted),
    Pages,
    IsExecutionComplete: isComplete && count > 0n,
    OptionToFocus: firstRequired || firstOptional,
    Messages: messagesOf(model, expressions, counted),
    ConfiguredPriceCents: cents,
    RemainingConfigurations: count.toString(),
    Guarantee: session.guarantee,
    PartNumber: identity.partNumber,
    Description: identity.description,
  };
};
