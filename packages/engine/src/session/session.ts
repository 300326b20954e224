import type { CompiledModel } from '../compile/compiled-model';
import { explainValue } from '../explanation/explain';
import { DisabledValueError, EngineError } from '../model/errors';
import { type OptionId, toOptionId } from '../model/ids';
import { isFiniteOption, type ModelOption } from '../model/model';
import type { Choice, OptionState, SelectResult, Session, SessionOptions } from './session-types';

export type { Choice, OptionState, SelectResult, Session, SessionOptions } from './session-types';

/** Domains up to this size have their flag texts remembered by bit mask (a 32-bit integer's bits). */
export const MASKED_UP_TO = 31;
/** Flag texts remembered per variable; a variable's are forgotten all at once past this many. */
export const FLAG_TEXTS_KEPT = 1024;

/**
 * {@link Session.enabledFlags}' texts, per compiled model and variable, by bit mask of the enabled values: the UI
 * state asks for every option's on every step, and a text built character by character is a string per character.
 */
const flagTexts = new WeakMap<CompiledModel, Map<number, string>[]>();

const flagTextsOf = (compiled: CompiledModel): Map<number, string>[] => {
  let texts = flagTexts.get(compiled);
  if (!texts) {
    texts = compiled.problem.domains.map(() => new Map());
    flagTexts.set(compiled, texts);
  }
  return texts;
};

/** '1' or '0' per value of `support` from `offset` to `end`. */
const flagText = (support: Uint8Array, offset: number, end: number): string => {
  let flags = '';
  for (let i = offset; i < end; i += 1) flags += support[i] === 1 ? '1' : '0';
  return flags;
};

/** The mutable state behind a session: choices in order, the assignment, and the cached supports. */
class ConfigurationSession implements Session {
  readonly compiled: CompiledModel;
  private readonly options: ReadonlyMap<string, ModelOption>;
  private readonly sessionParams: SessionOptions['params'];
  private list: Choice[] = [];
  private readonly assign: Int32Array;
  private readonly support: Uint8Array;
  private isStale = true;
  private readonly flagTexts: Map<number, string>[];

  constructor(compiled: CompiledModel, options: SessionOptions) {
    this.compiled = compiled;
    this.options = new Map(compiled.model.options.map((option) => [option.id, option]));
    this.sessionParams = options.params ?? {};
    const { problem } = compiled;
    this.assign = new Int32Array(problem.domains.length).fill(-1);
    this.support = new Uint8Array(problem.valueOffset[problem.domains.length] ?? 0);
    this.flagTexts = flagTextsOf(compiled);
  }

  private option(optionId: string): ModelOption {
    const option = this.options.get(optionId);
    if (!option) throw new EngineError('UNKNOWN_OPTION', `Unknown option '${optionId}'`, { optionId });
    return option;
  }

  /** Variable and value indices of a finite option's value; -1 variable for number/text options. */
  private locate(optionId: string, value: string): [number, number] {
    const option = this.option(optionId);
    if (!isFiniteOption(option)) return [-1, -1];
    const { varIndex, valueIndex } = this.compiled.problem;
    const x = varIndex.get(optionId) ?? -1;
    const v = valueIndex[x]?.get(value);
    if (v === undefined) {
      throw new EngineError('UNKNOWN_VALUE', `Option '${optionId}' has no value '${value}'`, { optionId, value });
    }
    return [x, v];
  }

  private refresh(): Uint8Array {
    if (this.isStale) {
      this.compiled.reasoner.supports(this.assign, this.support);
      this.isStale = false;
    }
    return this.support;
  }

  private enabled(x: number, v: number): boolean {
    return this.refresh()[(this.compiled.problem.valueOffset[x] ?? 0) + v] === 1;
  }

  private record(optionId: string, value: string) {
    const choice = { optionId: toOptionId(optionId), value };
    const index = this.list.findIndex((entry) => entry.optionId === optionId);
    if (index >= 0) this.list[index] = choice;
    else this.list.push(choice);
  }

  select(optionId: string, value: string, options: { dropConflicting?: boolean } = {}): SelectResult {
    const [x, v] = this.locate(optionId, value);
    if (x < 0 || this.enabled(x, v)) {
      if (x >= 0) this.assign[x] = v;
      this.record(optionId, value);
      this.isStale = true;
      return { dropped: [] };
    }
    if (!options.dropConflicting) throw new DisabledValueError(optionId, value);
    return this.selectDropping(optionId, value, x, v);
  }

  /** The new choice wins; the others are replayed in order and kept only while they still fit. */
  private selectDropping(optionId: string, value: string, x: number, v: number): SelectResult {
    const { reasoner, problem } = this.compiled;
    const trial = new Int32Array(this.assign.length).fill(-1);
    trial[x] = v;
    if (!reasoner.isFeasible(trial)) throw new DisabledValueError(optionId, value);
    const dropped: Choice[] = [];
    const kept: Choice[] = [];
    for (const choice of this.list) {
      if (choice.optionId === optionId) continue;
      const y = problem.varIndex.get(choice.optionId) ?? -1;
      const w = y >= 0 ? (problem.valueIndex[y]?.get(choice.value) ?? -1) : -1;
      if (y >= 0) trial[y] = w;
      if (y < 0 || reasoner.isFeasible(trial)) kept.push(choice);
      else {
        trial[y] = -1;
        dropped.push(choice);
      }
    }
    this.assign.set(trial);
    const position = this.list.findIndex((entry) => entry.optionId === optionId);
    const choice = { optionId: toOptionId(optionId), value };
    this.list =
      position >= 0 ? this.list.map((entry) => (entry.optionId === optionId ? choice : entry)) : [...kept, choice];
    this.list = this.list.filter((entry) => !dropped.includes(entry));
    this.isStale = true;
    return { dropped };
  }

  clear(optionId: string): void {
    const option = this.option(optionId);
    this.list = this.list.filter((entry) => entry.optionId !== optionId);
    if (isFiniteOption(option)) {
      this.assign[this.compiled.problem.varIndex.get(optionId) ?? 0] = -1;
      this.isStale = true;
    }
  }

  validValues(optionId: string): string[] {
    const option = this.option(optionId);
    if (!isFiniteOption(option)) return [];
    const { problem } = this.compiled;
    const x = problem.varIndex.get(optionId) ?? 0;
    const support = this.refresh();
    const offset = problem.valueOffset[x] ?? 0;
    const domain = problem.domains[x] ?? [];
    const values: string[] = [];
    for (let v = 0; v < domain.length; v += 1) if (support[offset + v] === 1) values.push(domain[v] ?? '');
    return values;
  }

  enabledFlags(optionId: string): string {
    const option = this.option(optionId);
    if (!isFiniteOption(option)) return '';
    const { problem } = this.compiled;
    const x = problem.varIndex.get(optionId) ?? 0;
    const support = this.refresh();
    const offset = problem.valueOffset[x] ?? 0;
    const end = problem.valueOffset[x + 1] ?? offset;
    if (end - offset > MASKED_UP_TO) return flagText(support, offset, end);
    let mask = 0;
    for (let i = offset; i < end; i += 1) mask |= support[i]! << (i - offset);
    const texts = this.flagTexts[x]!;
    let flags = texts.get(mask);
    if (flags === undefined) {
      flags = flagText(support, offset, end);
      if (texts.size >= FLAG_TEXTS_KEPT) texts.clear();
      texts.set(mask, flags);
    }
    return flags;
  }

  isEnabled(optionId: string, value: string): boolean {
    const [x, v] = this.locate(optionId, value);
    return x < 0 || this.enabled(x, v);
  }

  count(): bigint {
    return this.compiled.reasoner.count(this.assign);
  }

  explain(optionId: string, value: string) {
    const [x, v] = this.locate(optionId, value);
    if (x < 0) throw new EngineError('NOT_FINITE', `Option '${optionId}' is not a single/boolean option`);
    const order = this.list.map((choice) => this.compiled.problem.varIndex.get(choice.optionId) ?? -1);
    return explainValue(this.compiled, this.assign, order, x, v);
  }

  choices(): Choice[] {
    return [...this.list];
  }

  fixedValue(optionId: string): string | undefined {
    const option = this.option(optionId);
    const choice = this.list.find((entry) => entry.optionId === optionId)?.value;
    if (choice !== undefined || !isFiniteOption(option)) return choice;
    // The only enabled value, found without listing them (the UI state asks this of every option on every step).
    const { problem } = this.compiled;
    const x = problem.varIndex.get(optionId) ?? 0;
    const support = this.refresh();
    const offset = problem.valueOffset[x] ?? 0;
    const domain = problem.domains[x] ?? [];
    let only = -1;
    for (let v = 0; v < domain.length; v += 1) {
      if (support[offset + v] !== 1) continue;
      if (only >= 0) return undefined;
      only = v;
    }
    return only >= 0 ? domain[only] : undefined;
  }

  optionState(optionId: string): OptionState {
    const option = this.option(optionId);
    const values = this.validValues(optionId);
    const choice = this.list.find((entry) => entry.optionId === optionId)?.value;
    const fixedValue = this.fixedValue(optionId);
    const isImplied = choice === undefined && fixedValue !== undefined;
    return {
      optionId: optionId as OptionId,
      option,
      isFinite: isFiniteOption(option),
      values,
      choice,
      isImplied,
      fixedValue,
    };
  }

  optionStates(): OptionState[] {
    return this.compiled.model.options.map((option) => this.optionState(option.id));
  }

  params() {
    return this.sessionParams ?? {};
  }
}

/**
 * Starts a configuration session on a compiled model. Sessions are replays of their explicit choices:
 * `createSession(compiled, { choices: session.choices() })` rebuilds exactly the same state.
 */
export const createSession = (compiled: CompiledModel, options: SessionOptions = {}): Session => {
  const session = new ConfigurationSession(compiled, options);
  for (const choice of options.choices ?? []) session.select(choice.optionId, choice.value);
  return session;
};
