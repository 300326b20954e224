import type { ChoiceChange } from '../explanation/explain';
import { type Environment, evaluate, type Scalar } from '../expr';
import { DisabledValueError, EngineError, InvalidValueError } from '../model/errors';
import { captionOf, isFiniteOption, type ModelOption } from '../model/model';
import {
  FIELD_MESSAGES,
  isCalendarDate,
  msgNoLargerThan,
  msgNoSmallerThan,
  msgNotAvailable,
} from '../product/field-messages';
import { hullOf, intervalIndexOf, type NumberRange } from '../product/intervals';
import { normaliseParams, type ParamsInput, type ParamValues } from '../product/params';
import type { PriceItem } from '../product/pricing';
import type { CompiledProduct, ProductGuarantee, ProductVariant } from '../product/product-compile';
import { createSession as createCoreSession } from '../session/session';
import type { Choice, Session as CoreSession, SelectResult } from '../session/session-types';
import { buildUiState, priceItemsOf, type UiState, type UiStateOptions } from '../ui-state/ui-state';
import { type AllowedRange, nearestOnGrid, type ProductExplanation } from './nearest-number';

/** A value as callers send it: the spec sends checkboxes as 'True'/'False' and numbers as numbers. */
export type InputValue = string | number | boolean;

/** Options of {@link createSession}. */
export type ProductSessionOptions = {
  /** The spec's initial parameters, as a record or as the list `[{ Name, SimpleValue, IsNull, Type }]`. */
  readonly params?: ParamsInput;
  /** Choices to replay in order; an invalid one throws. Without it, the options' `default`s are chosen first. */
  readonly choices?: readonly { optionId: string; value: InputValue }[];
};

export type { AllowedRange, NumberRange, ProductExplanation };

/** An interactive configuration of a compiled product (see the package README for the semantics). */
export type ProductSession = {
  readonly compiled: CompiledProduct;
  /** Which core the params selected, with its guarantee. */
  readonly variant: ProductVariant;
  /**
   * Chooses a value (adds a choice or changes one in place). A refused value throws ({@link DisabledValueError} for
   * a disabled single/boolean value, {@link InvalidValueError} for numbers, text and selection-time checks: a rule,
   * or a chosen number leaving its range bounds), leaves the choices unchanged, and shows its message under the
   * field in `state()`. With `dropConflicting` the new value wins: it is checked alone (params only), then the
   * other choices are replayed in their order and each one that would now be refused is dropped (`dropped`).
   */
  select(optionId: string, value: InputValue, options?: { dropConflicting?: boolean }): SelectResult;
  /**
   * Removes a choice. `dropped` is empty unless a selection-time check using `isSet`/`coalesce` turns false with
   * fewer choices: then the others are replayed as for `dropConflicting`.
   */
  clear(optionId: string): SelectResult;
  /** Enabled values of a single/boolean option (empty for number and text options: see {@link range}). */
  validValues(optionId: string): string[];
  isEnabled(optionId: string, value: InputValue): boolean;
  /**
   * Per value of a single/boolean option, in model order ('False' then 'True' for a boolean), '1' when it is
   * enabled, else '0'; '' for number and text options.
   */
  enabledFlags(optionId: string): string;
  /** Current valid bounds of a number option (null for other kinds). */
  range(optionId: string): NumberRange | null;
  /** Exact number of valid complete configurations left, each number option counted by interval. */
  count(): bigint;
  /**
   * Why a value is disabled and the fewest changes that enable it. Numbers read as chosen (not as the interval
   * they fall in); a number that must change is set to the allowed number closest to its choice on its increment
   * grid ('' when none fits), and number changes come after the others, each computed once those are made.
   */
  explain(optionId: string, value: InputValue): ProductExplanation;
  /** The explicit choices in the order they were made; numbers as their decimal text. */
  choices(): Choice[];
  /** What expressions read for an option: its choice, else its implied value, else null. */
  valueOf(optionId: string): Scalar;
  params(): ParamValues;
  /** The spec-shaped UI state ("Configuration engine response"). */
  state(options?: UiStateOptions): UiState;
  /** Every priced component of the configured price, in cents; they add up to `state().ConfiguredPriceCents`. */
  priceItems(): PriceItem[];
  readonly guarantee: ProductGuarantee;
};

class ProductConfigurationSession implements ProductSession {
  readonly compiled: CompiledProduct;
  readonly variant: ProductVariant;
  private core: CoreSession;
  private readonly sessionParams: ParamValues;
  private readonly options: ReadonlyMap<string, ModelOption>;
  private numbers = new Map<string, number>();
  private readonly messages = new Map<string, string>();
  /** Whether rules or range bounds are left to selection time: then every change re-checks them. */
  private readonly hasRuntimeChecks: boolean;
  /** A scratch session replaying choices for `dropConflicting`: it skips explaining the values it refuses. */
  private readonly isScratch: boolean;

  constructor(compiled: CompiledProduct, params: ParamValues, variant?: ProductVariant) {
    this.compiled = compiled;
    this.sessionParams = params;
    this.isScratch = variant !== undefined;
    this.variant = variant ?? compiled.variant(params);
    this.core = createCoreSession(this.variant.core, { params });
    this.options = new Map(compiled.model.options.map((option) => [option.id, option]));
    this.hasRuntimeChecks = this.variant.runtimeRules.length > 0 || this.variant.runtimeBounds.length > 0;
  }

  get guarantee(): ProductGuarantee {
    return this.variant.guarantee;
  }

  option(optionId: string): ModelOption {
    const option = this.options.get(optionId);
    if (!option) throw new EngineError('UNKNOWN_OPTION', `Unknown option '${optionId}'`, { optionId });
    return option;
  }

  /** The core's value string for an input: 'True'/'False', an interval label, or the text itself. */
  private coreValue(option: ModelOption, value: InputValue): string {
    if (option.kind === 'boolean') {
      const lower = String(value).toLowerCase();
      return lower === 'true' ? 'True' : lower === 'false' ? 'False' : String(value);
    }
    if (option.kind === 'number') {
      const n = parseNumber(value);
      const domain = this.variant.numbers.get(option.id);
      const index = n === null || !domain ? -1 : intervalIndexOf(domain, n);
      return index < 0 ? '' : (domain?.intervals[index]?.label ?? '');
    }
    return String(value);
  }

  private environment(): Environment {
    return {
      valueOf: (id) => this.valueOf(id),
      param: (name) => this.sessionParams[name] ?? null,
      captionOf: (id, value) => captionOf(this.compiled.model, id, value),
    };
  }

  private refuse(optionId: string, value: InputValue, message: string): never {
    this.messages.set(optionId, message);
    throw new InvalidValueError(optionId, String(value), message);
  }

  /** Why a core value is disabled, in words: the conflicting choices and the rules' descriptions. */
  private reason(optionId: string, label: string): string {
    if (this.isScratch) return '';
    const explanation = this.core.explain(optionId, label);
    const parts = explanation.conflict.map((entry) => {
      const option = this.option(entry.optionId);
      return `${option.caption} = ${this.displayValue(option, this.choiceOf(entry.optionId) ?? entry.value)}`;
    });
    return parts.join(', ');
  }

  private displayValue(option: ModelOption, value: string): string {
    return option.values?.find((entry) => entry.value === value)?.caption ?? value;
  }

  private checkNumber(option: ModelOption, value: InputValue): string {
    const n = parseNumber(value);
    if (n === null) return this.refuse(option.id, value, FIELD_MESSAGES.notANumber);
    const bounds = this.range(option.id);
    const ownMin = this.bound(option, 'min');
    if (option.displayType === 'numerictextbox' && ownMin !== null && ownMin >= 0 && n < 0) {
      return this.refuse(option.id, value, FIELD_MESSAGES.positiveNumber);
    }
    if (option.displayFormat !== 'Fraction' && bounds) {
      if (bounds.min !== null && n < bounds.min) return this.refuse(option.id, value, msgNoSmallerThan(bounds.min));
      if (bounds.max !== null && n > bounds.max) return this.refuse(option.id, value, msgNoLargerThan(bounds.max));
    }
    const label = this.coreValue(option, n);
    if (label === '') return this.refuse(option.id, value, msgNotAvailable(''));
    if (!this.core.isEnabled(option.id, label)) {
      return this.refuse(option.id, value, msgNotAvailable(this.reason(option.id, label)));
    }
    return label;
  }

  /** The option's own min or max for the current choices (null when unknown or absent). */
  bound(option: ModelOption, which: 'min' | 'max'): number | null {
    const raw = option.range?.[which];
    if (raw === undefined) return null;
    if (typeof raw === 'number') return raw;
    const index = this.compiled.model.options.indexOf(option);
    const expression = this.compiled.expressions.get(`options[${index}].range.${which}`);
    const value = expression ? evaluate(expression, this.environment()) : null;
    return typeof value === 'number' ? value : null;
  }

  /**
   * What the current choices break among the selection-time checks, as the message refusing the change of
   * `changedId` (null when nothing): a rule that is false (Kleene: unknown passes), else the chosen number of
   * `changedId` outside its own bounds, else the other chosen numbers outside theirs, named as in a conflict.
   */
  private violation(changedId: string): string | null {
    const env = this.environment();
    for (const rule of this.variant.runtimeRules) {
      if (evaluate(rule.expression, env) === false) return msgNotAvailable(rule.description ?? rule.id);
    }
    let own: string | null = null;
    const others: string[] = [];
    for (const { optionId, which, expression } of this.variant.runtimeBounds) {
      const n = this.numbers.get(optionId);
      const limit = n === undefined ? null : evaluate(expression, env);
      if (n === undefined || typeof limit !== 'number' || (which === 'min' ? n >= limit : n <= limit)) continue;
      if (optionId === changedId) own ??= which === 'min' ? msgNoSmallerThan(limit) : msgNoLargerThan(limit);
      else {
        const entry = `${this.option(optionId).caption} = ${n}`;
        if (!others.includes(entry)) others.push(entry);
      }
    }
    return own ?? (others.length > 0 ? msgNotAvailable(others.join(', ')) : null);
  }

  /**
   * The value as the core sees it and as expressions read it; a number is checked against its range first, a date
   * text for being a real MM/DD/YYYY date.
   */
  private resolve(option: ModelOption, value: InputValue): { label: string; read: Scalar } {
    if (option.kind === 'text' && option.displayFormat === 'Date' && !isCalendarDate(String(value))) {
      return this.refuse(option.id, value, FIELD_MESSAGES.invalidDate);
    }
    const label = option.kind === 'number' ? this.checkNumber(option, value) : this.coreValue(option, value);
    const read = option.kind === 'number' ? parseNumber(value) : option.kind === 'boolean' ? label === 'True' : label;
    return { label, read };
  }

  /** `core.select`, with the reason of a disabled value as the field message; returns the dropped choices. */
  private selectInCore(option: ModelOption, label: string, read: Scalar, dropConflicting: boolean): Choice[] {
    let result: SelectResult;
    try {
      result = this.core.select(option.id, label, { dropConflicting });
    } catch (error) {
      if (error instanceof DisabledValueError) {
        this.messages.set(option.id, msgNotAvailable(this.reason(option.id, label)));
      }
      throw error;
    }
    const dropped = result.dropped.map((choice) => this.publicChoice(choice));
    for (const choice of dropped) this.numbers.delete(choice.optionId);
    if (typeof read === 'number') this.numbers.set(option.id, read);
    this.messages.delete(option.id);
    return dropped;
  }

  /** Selects keeping every other choice, or throws and changes nothing. */
  private selectKeeping(option: ModelOption, value: InputValue): void {
    const { label, read } = this.resolve(option, value);
    if (!this.hasRuntimeChecks) {
      this.selectInCore(option, label, read, false);
      return;
    }
    const previousLabel = this.core.choices().find((choice) => choice.optionId === option.id)?.value;
    const previousNumber = this.numbers.get(option.id);
    this.selectInCore(option, label, read, false);
    const problem = this.violation(option.id);
    if (problem === null) return;
    // Back to the previous state exactly: the previous value fitted the other choices, which have not changed.
    if (previousLabel === undefined) this.core.clear(option.id);
    else this.core.select(option.id, previousLabel);
    if (previousNumber === undefined) this.numbers.delete(option.id);
    else this.numbers.set(option.id, previousNumber);
    this.refuse(option.id, value, problem);
  }

  select(optionId: string, value: InputValue, options: { dropConflicting?: boolean } = {}): SelectResult {
    const option = this.option(optionId);
    if (option.kind === 'text' && String(value) === '') return this.clear(optionId);
    if (options.dropConflicting && isFiniteOption(option) && !this.hasRuntimeChecks) {
      // The core alone decides: it replays the other choices itself, exactly as `replay` below would.
      return { dropped: this.selectInCore(option, this.coreValue(option, value), null, true) };
    }
    if (!options.dropConflicting) {
      this.selectKeeping(option, value);
      return { dropped: [] };
    }
    try {
      this.selectKeeping(option, value);
      return { dropped: [] };
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
    }
    return this.replay(this.choices(), { option, value });
  }

  /**
   * Rebuilds the state from `choices`, with `first` (the new choice of a `dropConflicting` select, changed in
   * place or appended) checked before them on its own: each choice is kept only if it would be accepted after
   * those kept before it, so no rule or bound the core does not hold is left false. Throws, changing nothing, when
   * `first` is refused on its own. Returns the choices dropped.
   */
  private replay(choices: readonly Choice[], first?: { option: ModelOption; value: InputValue }): SelectResult {
    const scratch = new ProductConfigurationSession(this.compiled, this.sessionParams, this.variant);
    if (first) {
      try {
        scratch.selectKeeping(first.option, first.value);
      } catch (error) {
        const message = scratch.messages.get(first.option.id);
        if (message !== undefined) this.messages.set(first.option.id, message);
        throw error;
      }
    }
    const dropped: Choice[] = [];
    for (const choice of choices) {
      if (choice.optionId === first?.option.id) continue;
      try {
        scratch.selectKeeping(this.option(choice.optionId), choice.value);
      } catch (error) {
        if (!(error instanceof EngineError)) throw error;
        dropped.push(choice);
      }
    }
    // The choices keep their order (the new one in place, or last): replay the core in it unless it is the same.
    const labels = new Map(scratch.core.choices().map((choice) => [choice.optionId as string, choice.value]));
    const order = choices.map((choice) => choice.optionId as string);
    if (first && !order.includes(first.option.id)) order.push(first.option.id);
    const ordered = order.flatMap((optionId) => {
      const value = labels.get(optionId);
      return value === undefined ? [] : [{ optionId, value }];
    });
    const isSameOrder = scratch.core.choices().every((choice, i) => choice.optionId === ordered[i]?.optionId);
    this.core = isSameOrder
      ? scratch.core
      : createCoreSession(this.variant.core, { params: this.sessionParams, choices: ordered });
    this.numbers = scratch.numbers;
    if (first) this.messages.delete(first.option.id);
    return { dropped };
  }

  clear(optionId: string): SelectResult {
    this.option(optionId);
    this.core.clear(optionId);
    this.numbers.delete(optionId);
    this.messages.delete(optionId);
    // Kleene checks only turn false with more choices, unless they use isSet/coalesce.
    if (!this.hasRuntimeChecks || this.violation(optionId) === null) return { dropped: [] };
    return this.replay(this.choices());
  }

  validValues(optionId: string): string[] {
    const option = this.option(optionId);
    return option.kind === 'number' ? [] : this.core.validValues(optionId);
  }

  enabledFlags(optionId: string): string {
    const option = this.option(optionId);
    return option.kind === 'number' ? '' : this.core.enabledFlags(optionId);
  }

  isEnabled(optionId: string, value: InputValue): boolean {
    const option = this.option(optionId);
    if (option.kind === 'text') return true;
    const label = this.coreValue(option, value);
    return label !== '' && this.core.isEnabled(optionId, label);
  }

  range(optionId: string): NumberRange | null {
    const option = this.option(optionId);
    if (option.kind !== 'number') return null;
    const domain = this.variant.numbers.get(optionId);
    const enabled = new Set(this.core.validValues(optionId));
    const hull = hullOf(domain?.intervals.filter((interval) => enabled.has(interval.label)) ?? []);
    const increment = option.range?.increment ?? 1;
    const origin = typeof option.range?.min === 'number' ? option.range.min : 0;
    const ownMin = this.bound(option, 'min');
    const ownMax = this.bound(option, 'max');
    const min = hull ? snap(hull.min, hull.isMinOpen, origin, increment, 1) : null;
    const max = hull ? snap(hull.max, hull.isMaxOpen, origin, increment, -1) : null;
    return {
      min: ownMin === null ? min : min === null ? ownMin : Math.max(min, ownMin),
      max: ownMax === null ? max : max === null ? ownMax : Math.min(max, ownMax),
      increment,
    };
  }

  count(): bigint {
    return this.core.count();
  }

  explain(optionId: string, value: InputValue): ProductExplanation {
    const option = this.option(optionId);
    const explanation = this.core.explain(optionId, this.coreValue(option, value));
    const conflict = explanation.conflict.map((entry) =>
      this.isNumber(entry.optionId) ? { ...entry, value: this.choiceOf(entry.optionId) ?? entry.value } : entry,
    );
    if (!explanation.changes.some((change) => this.isNumber(change.optionId))) {
      return { ...explanation, conflict, ranges: [] };
    }
    return { ...explanation, conflict, ...this.numberChanges(option, value, explanation.changes) };
  }

  private isNumber(optionId: string): boolean {
    return this.options.get(optionId)?.kind === 'number';
  }

  /**
   * The changes with each number set to the allowed number closest to its choice. They are found as a forced
   * choice makes them: on a scratch session the value wins (`dropConflicting`), the other changes are made, then
   * the numbers one by one, so applying the changes in this order reproduces them.
   */
  private numberChanges(
    option: ModelOption,
    value: InputValue,
    changes: readonly ChoiceChange[],
  ): { changes: ChoiceChange[]; ranges: AllowedRange[] } {
    const others = changes.filter((change) => !this.isNumber(change.optionId));
    const numbers = changes.filter((change) => this.isNumber(change.optionId));
    const scratch = new ProductConfigurationSession(this.compiled, this.sessionParams, this.variant);
    let isForced = true;
    try {
      scratch.replay(this.choices(), { option, value });
      for (const change of others) if (change.to !== '') scratch.trySelect(this.option(change.optionId), change.to);
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      isForced = false;
    }
    const ranges: AllowedRange[] = [];
    const numberChanges = numbers.map((change) => {
      const numberOption = this.option(change.optionId);
      const previous = this.numbers.get(change.optionId);
      const from = previous === undefined ? change.from : String(previous);
      const range = isForced ? scratch.range(change.optionId) : null;
      if (!range) return { ...change, from, to: '' };
      ranges.push({ optionId: change.optionId, ...range });
      const to = previous === undefined ? null : scratch.closestNumber(numberOption, range, previous);
      return { ...change, from, to: to !== null && scratch.trySelect(numberOption, to) ? String(to) : '' };
    });
    return { changes: [...others, ...numberChanges], ranges };
  }

  /** Selects keeping every other choice; false (nothing changed) when the value is refused. */
  private trySelect(option: ModelOption, value: InputValue): boolean {
    try {
      this.selectKeeping(option, value);
      return true;
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      return false;
    }
  }

  /** The enabled number of a number option closest to `target` within `range`, on the option's increment grid. */
  private closestNumber(option: ModelOption, range: NumberRange, target: number): number | null {
    const enabled = new Set(this.core.validValues(option.id));
    const intervals = this.variant.numbers.get(option.id)?.intervals.filter((entry) => enabled.has(entry.label));
    const origin = typeof option.range?.min === 'number' ? option.range.min : 0;
    return nearestOnGrid(intervals ?? [], range, origin, target);
  }

  private choiceOf(optionId: string): string | undefined {
    const number = this.numbers.get(optionId);
    if (number !== undefined) return String(number);
    return this.core.choices().find((choice) => choice.optionId === optionId)?.value;
  }

  private publicChoice(choice: Choice): Choice {
    const number = this.numbers.get(choice.optionId);
    return number === undefined ? choice : { optionId: choice.optionId, value: String(number) };
  }

  choices(): Choice[] {
    return this.core.choices().map((choice) => this.publicChoice(choice));
  }

  valueOf(optionId: string): Scalar {
    const option = this.options.get(optionId);
    if (!option) return null;
    if (option.kind === 'number') return this.numbers.get(optionId) ?? null;
    const value = this.core.fixedValue(optionId);
    if (value === undefined) return null;
    return option.kind === 'boolean' ? value === 'True' : value;
  }

  /** The field message of an option from its last refused entry, if any. */
  validationMessage(optionId: string): string | undefined {
    return this.messages.get(optionId);
  }

  /** The core's view of one option (enabled values, choice, implied value). */
  coreState(optionId: string) {
    return this.core.optionState(optionId);
  }

  params(): ParamValues {
    return this.sessionParams;
  }

  state(options: UiStateOptions = {}): UiState {
    return buildUiState(this, options);
  }

  priceItems(): PriceItem[] {
    return priceItemsOf(this);
  }
}

/**
 * A finite hull end as a number the user can enter: a closed end as it is, an open end as the nearest step of the
 * increment grid (from `origin`) inside it. Null for an infinite end.
 */
const snap = (end: number, isOpen: boolean, origin: number, increment: number, direction: 1 | -1): number | null => {
  if (!Number.isFinite(end)) return null;
  if (!isOpen) return end;
  const steps = (end - origin) / increment;
  const k = direction > 0 ? Math.floor(steps + 1e-9) + 1 : Math.ceil(steps - 1e-9) - 1;
  return Number((origin + k * increment).toFixed(10));
};

/** Reads a number the way the spec sends it: a number, or text with thousands commas. */
export const parseNumber = (value: InputValue): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return null;
  const text = value.replace(/,/g, '').trim();
  const n = Number(text);
  return text === '' || !Number.isFinite(n) ? null : n;
};

/**
 * Starts a configuration session on a compiled product. With `choices` it replays them in order (an invalid one
 * throws); without, it chooses each option's enabled `default` in model order, as explicit choices. Either way
 * `createSession(compiled, { params, choices: session.choices() })` rebuilds exactly the same state.
 */
export const createSession = (compiled: CompiledProduct, options: ProductSessionOptions = {}): ProductSession => {
  const session = new ProductConfigurationSession(compiled, normaliseParams(compiled.model, options.params));
  if (options.choices) {
    for (const choice of options.choices) session.select(choice.optionId, choice.value);
    return session;
  }
  for (const option of compiled.model.options) {
    if (option.default === undefined || !session.isEnabled(option.id, option.default)) continue;
    try {
      session.select(option.id, option.default);
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      session.clear(option.id);
    }
  }
  return session;
};
