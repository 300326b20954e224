import type { CompiledModel } from '../compile/compiled-model';
import type { Explanation } from '../explanation/explain';
import type { DisabledValueError } from '../model/errors';
import type { OptionId } from '../model/ids';
import type { ModelOption } from '../model/model';

/** One explicit choice of the user. */
export type Choice = { readonly optionId: OptionId; readonly value: string };

/** What a `select` did besides recording the choice. */
export type SelectResult = {
  /** Earlier choices removed because they conflicted with the new one (only with `dropConflicting`). */
  readonly dropped: readonly Choice[];
};

/** Everything a UI needs about one option at the current step. */
export type OptionState = {
  readonly optionId: OptionId;
  readonly option: ModelOption;
  /** Whether the option is part of the compiled finite core (single/boolean). */
  readonly isFinite: boolean;
  /** Enabled values, in model order (empty for number/text options). */
  readonly values: readonly string[];
  /** The explicit choice, if any. */
  readonly choice: string | undefined;
  /** Not chosen, and exactly one value remains possible: the constraints imply it. */
  readonly isImplied: boolean;
  /** The value the option is fixed to: its choice, or the implied value. */
  readonly fixedValue: string | undefined;
};

/** Parameter values of a session (the spec's initial configurator parameters). */
export type SessionParams = Readonly<Record<string, string | number | boolean | null>>;

/** Options of {@link createSession}. */
export type SessionOptions = {
  readonly params?: SessionParams;
  /** Choices to replay in order; an invalid one throws, as it would have when made. */
  readonly choices?: readonly { optionId: string; value: string }[];
};

/** An interactive configuration: the explicit choices plus the answers they imply. */
export type Session = {
  readonly compiled: CompiledModel;
  /**
   * Chooses `value` for `optionId` (adds a choice or changes one in place). A disabled value is refused with a
   * {@link DisabledValueError} and nothing changes, unless `dropConflicting` is set: then the new choice wins and
   * the other choices are replayed in their order, dropping each that no longer fits (reported in the result).
   */
  select(optionId: string, value: string, options?: { dropConflicting?: boolean }): SelectResult;
  /** Removes the choice of `optionId` (no-op when there is none). */
  clear(optionId: string): void;
  /** Enabled values of an option: those some valid configuration has together with every other choice. */
  validValues(optionId: string): string[];
  /**
   * Per value of a single/boolean option, in model order ('False' then 'True' for a boolean), '1' when it is
   * enabled, else '0'; '' for other options. What `validValues` says, without a list of strings per call.
   */
  enabledFlags(optionId: string): string;
  /** Whether `value` of `optionId` is enabled. */
  isEnabled(optionId: string, value: string): boolean;
  /** Exact number of valid complete configurations of the finite options that agree with the choices. */
  count(): bigint;
  /** Why a value is disabled and the fewest changes that would enable it. */
  explain(optionId: string, value: string): Explanation;
  /** The explicit choices in the order they were made. */
  choices(): Choice[];
  /** The option's choice, else its only enabled value (a finite option the constraints imply), else undefined. */
  fixedValue(optionId: string): string | undefined;
  /** State of one option, or of all options in model order. */
  optionState(optionId: string): OptionState;
  optionStates(): OptionState[];
  /** The session's parameters. */
  params(): SessionParams;
};
