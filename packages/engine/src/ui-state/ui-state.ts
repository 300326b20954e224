import { type Environment, type Expression, evaluateTruth, type Scalar, toText } from '../expr';
import { BOOLEAN_VALUES, captionOf, type ModelOption } from '../model/model';
import { FIELD_MESSAGES } from '../product/field-messages';
import type { NumberRange } from '../product/intervals';
import { detailsOf, identityOf, messagesOf, type UiDetail, type UiMessage } from '../product/outputs';
import type { ParamValues } from '../product/params';
import { type PriceItem, priceCents, priceItems } from '../product/pricing';
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
  enabledFlags(optionId: string): string;
  range(optionId: string): NumberRange | null;
  validationMessage(optionId: string): string | undefined;
  count(): bigint;
  params(): ParamValues;
};

/** One of an option's values as the model gives it. */
type Entry = { readonly value: string; readonly caption?: string; readonly imageUrl?: string };

/** An option's selectable entries in the model's order (booleans: 'False' then 'True', captions from the model). */
const entriesOf = (option: ModelOption): readonly Entry[] => {
  if (option.kind === 'number' || option.kind === 'text') return [];
  if (option.kind !== 'boolean') return option.values ?? [];
  return BOOLEAN_VALUES.map((value) => option.values?.find((entry) => entry.value === value) ?? { value });
};

/**
 * How many states of one option a compiled model remembers (least recently used first out). An option's state
 * object is shared by every session that shows the option the same way, and frozen, so sessions share that
 * memory and the changes of a step (uiStateChanges in contracts) skip by identity the options it left. On 50
 * Megane sessions of up to 25 choices each, 32 kept found 97.9% of the states asked for and 128 kept 99.9%.
 */
export const OPTION_STATES_KEPT = 128;

/** What an option's state is made of besides the model: all a remembered state is looked up by. */
type OptionFacts = {
  readonly isVisible: boolean;
  readonly isEnabled: boolean;
  readonly value: string;
  readonly flags: string;
  readonly range: NumberRange | null;
  readonly validationMessage: string;
};

/** Whether option state `state` shows `facts`. */
const showsFacts = (state: UiScreenOption, facts: OptionFacts): boolean => {
  const { range, flags } = facts;
  const values = state.SelectableValues;
  for (let e = 0; e < values.length; e += 1) if (values[e]!.IsEnabled !== (flags[e] === '1')) return false;
  const ranges = state.Ranges;
  const isSameRange =
    range === null
      ? ranges === null
      : ranges !== null && ranges.Increment === range.increment && ranges.Min === range.min && ranges.Max === range.max;
  return (
    isSameRange &&
    state.IsVisible === facts.isVisible &&
    state.IsEnabled === facts.isEnabled &&
    state.Value === facts.value &&
    state.ValidationMessage === facts.validationMessage
  );
};

/** The frozen state of option `i` with `facts`, remembered or built (and remembered). */
const screenOption = (layout: StateLayout, i: number, option: ModelOption, facts: OptionFacts): UiScreenOption => {
  const { isVisible, isEnabled, value, flags, range, validationMessage } = facts;
  // A step leaves most options as they were: the state the option showed last is checked first, without making
  // its key (a string of seven parts, each a string of its own, for every option of every step).
  const newest = layout.newestStates[i];
  if (newest && showsFacts(newest, facts)) return newest;
  const rangeKey = range ? `${range.increment},${range.min},${range.max}` : '';
  // Fixed-width parts first, the two free texts length-prefixed and last: no two fact sets share a key.
  const key = `${isVisible ? 1 : 0}${isEnabled ? 1 : 0}${flags};${rangeKey};${validationMessage.length};${validationMessage}${value}`;
  const remembered = layout.optionStates[i]!;
  const known = remembered.get(key);
  if (known) {
    // Moved to the end as the most recently used (the newest was checked above: this is another).
    remembered.delete(key);
    remembered.set(key, known);
    layout.newestStates[i] = known;
    return known;
  }
  const built: UiScreenOption = Object.freeze({
    ID: option.id,
    Name: option.id,
    IsRequired: option.required ?? false,
    IsEnabled: isEnabled,
    IsVisible: isVisible,
    Value: value,
    SelectableValues: Object.freeze(
      layout.entries[i]!.map(
        (entry, e): UiSelectableValue =>
          Object.freeze({
            Value: entry.value,
            Caption: entry.caption ?? entry.value,
            IsEnabled: flags[e] === '1',
            IsVisible: isVisible,
            ImageLink: entry.imageUrl ?? '',
          }),
      ),
    ),
    Ranges: range ? Object.freeze({ Increment: range.increment, Min: range.min, Max: range.max }) : null,
    DisplayFormat: option.displayFormat ?? '',
    DisplayType: option.displayType,
    Caption: option.caption,
    Tooltip: option.tooltip ?? '',
    InformationLink: option.informationLink ?? '',
    AutoContinueMode: option.autoContinueMode ?? 0,
    ValidationMessage: validationMessage,
  });
  remembered.set(key, built);
  layout.newestStates[i] = built;
  if (remembered.size > OPTION_STATES_KEPT) remembered.delete(remembered.keys().next().value ?? '');
  return built;
};

/**
 * Freezes `value` and every object under it (a state is never changed once built). Walked by index and by for-in
 * (plain data: no inherited keys), not through Object.values, which made an array of every object it froze.
 */
const deepFreeze = <T>(value: T): T => {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  if (Array.isArray(value)) for (let i = 0; i < value.length; i += 1) deepFreeze(value[i]);
  else for (const key in value) deepFreeze(value[key]);
  return Object.freeze(value);
};

/** What every state of a model reads the same way: each option's place and conditions, resolved once per model. */
type StateLayout = {
  readonly optionIndex: ReadonlyMap<string, number>;
  readonly visibleWhen: readonly (Expression | undefined)[];
  readonly enabledWhen: readonly (Expression | undefined)[];
  readonly pageVisibleWhen: readonly (Expression | undefined)[];
  /** Per option: its selectable entries, and its states remembered by {@link screenOption}. */
  readonly entries: readonly (readonly Entry[])[];
  readonly optionStates: readonly Map<string, UiScreenOption>[];
  /** Per option: its most recently used remembered state (the last in its map's order). */
  readonly newestStates: (UiScreenOption | undefined)[];
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
      entries: model.options.map(entriesOf),
      optionStates: model.options.map(() => new Map()),
      newestStates: model.options.map(() => undefined),
    };
    layouts.set(compiled, layout);
  }
  return layout;
};

/**
 * What the choices show: each page's and option's visibility (Kleene: unknown shows), and the environment prices,
 * outputs and messages read, in which a hidden option is unknown.
 */
const visibilityOf = (session: StateSource) => {
  const { model } = session.compiled;
  const params = session.params();
  const full: Environment = {
    valueOf: (id) => session.valueOf(id),
    param: (name) => params[name] ?? null,
    captionOf: (id, value) => captionOf(model, id, value),
  };
  const layout = layoutOf(session.compiled);
  const { optionIndex } = layout;
  const holds = (expression: Expression | undefined) => (expression ? evaluateTruth(expression, full) !== false : true);
  // Per option (by index): 1 shown on some visible page, 0 on screens but shown on none, -1 on no screen.
  const isVisible = new Int8Array(model.options.length).fill(-1);
  const pageVisible = model.pages.map((page, i) => {
    const visible = holds(layout.pageVisibleWhen[i]);
    for (const screen of page.screens) {
      for (const id of screen.options) {
        const o = optionIndex.get(id) ?? -1;
        if (isVisible[o] !== 1) isVisible[o] = visible && holds(layout.visibleWhen[o]) ? 1 : 0;
      }
    }
    return visible;
  });
  const shown = (id: string) => {
    const o = optionIndex.get(id) ?? -1;
    const mark = isVisible[o] ?? -1;
    return mark < 0 ? holds(layout.visibleWhen[o]) : mark === 1;
  };
  const counted: Environment = { ...full, valueOf: (id) => (shown(id) ? session.valueOf(id) : null) };
  return { layout, holds, pageVisible, shown, counted };
};

/** The counted value of an option as pricing reads it (undefined when unknown or hidden). */
const countedValueOf = (counted: Environment) => (id: string) => {
  const value = counted.valueOf(id);
  return value === null || value === undefined ? undefined : (toText(value) ?? undefined);
};

/**
 * Every priced component of a session's configured price (`ConfiguredPriceCents` of its state), read as the state
 * reads prices: the items add up exactly to it.
 */
export const priceItemsOf = (session: StateSource): PriceItem[] => {
  const { model, expressions } = session.compiled;
  const { counted } = visibilityOf(session);
  return priceItems(model, expressions, counted, countedValueOf(counted));
};

/**
 * Builds the UI state. Visibility and enablement conditions are Kleene: unknown shows and enables. A hidden page
 * hides its options. A hidden option never blocks completion, and it reads as unknown in prices, outputs and
 * messages (its value's price is not counted). A required option is answered by a choice or by a value the
 * constraints imply (exactly one enabled value). The state is frozen, and an option's part of it is the same
 * object in every state (of any session) that shows the option the same way ({@link OPTION_STATES_KEPT}).
 */
export const buildUiState = (session: StateSource, options: UiStateOptions = {}): UiState => {
  const { model, expressions } = session.compiled;
  const { layout, holds, pageVisible, shown, counted } = visibilityOf(session);
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
            const i = layout.optionIndex.get(id) ?? 0;
            const option = model.options[i] as ModelOption;
            const isVisible = shown(id);
            const isEnabled = holds(layout.enabledWhen[i]);
            const value = textValue(id);
            const isRequired = option.required ?? false;
            const isOpen = isVisible && isEnabled && value === '';
            if (isOpen && isRequired) isComplete = false;
            if (isOpen && isRequired && firstRequired === '') firstRequired = id;
            if (isOpen && !isRequired && firstOptional === '') firstOptional = id;
            const requiredMessage = options.validate && isOpen && isRequired ? FIELD_MESSAGES.required : '';
            return screenOption(layout, i, option, {
              isVisible,
              isEnabled,
              value,
              flags: session.enabledFlags(id),
              range: session.range(id),
              validationMessage: session.validationMessage(id) ?? requiredMessage,
            });
          }),
        }),
      ),
    }),
  );
  const count = session.count();
  const cents = priceCents(model, expressions, counted, countedValueOf(counted));
  const identity = identityOf(model, expressions, counted);
  return deepFreeze({
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
  });
};
