/** Machine-readable codes of every error the engine throws. */
export const ENGINE_ERROR_CODES = [
  'INVALID_MODEL',
  'INVALID_XCSP',
  'UNKNOWN_OPTION',
  'UNKNOWN_VALUE',
  'DISABLED_VALUE',
  'INVALID_VALUE',
  'NOT_FINITE',
  'BUDGET_EXCEEDED',
  'RULES_NOT_LOWERED',
] as const;

/** One of {@link ENGINE_ERROR_CODES}. */
export type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[number];

/** Base class of every error thrown by the engine; `code` is stable, `message` is for people. */
export class EngineError extends Error {
  readonly code: EngineErrorCode;
  readonly details: unknown;

  constructor(code: EngineErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
    this.details = details;
  }
}

/** A product model failed validation; `issues` lists each problem with its path. */
export class ModelValidationError extends EngineError {
  readonly issues: readonly string[];

  constructor(issues: readonly string[]) {
    super('INVALID_MODEL', `Invalid product model:\n${issues.map((issue) => `  ${issue}`).join('\n')}`, issues);
    this.name = 'ModelValidationError';
    this.issues = issues;
  }
}

/** The user tried to select a value that is not enabled; the session was left unchanged. */
export class DisabledValueError extends EngineError {
  readonly optionId: string;
  readonly value: string;

  constructor(optionId: string, value: string) {
    super('DISABLED_VALUE', `Value '${value}' of option '${optionId}' is not available with the current choices`, {
      optionId,
      value,
    });
    this.name = 'DisabledValueError';
    this.optionId = optionId;
    this.value = value;
  }
}

/** A search-based query ran out of its node budget (only in `guarantee: 'incomplete'` mode). */
export class BudgetExceededError extends EngineError {
  constructor(what: string) {
    super('BUDGET_EXCEEDED', `Search budget exceeded while computing ${what}`);
    this.name = 'BudgetExceededError';
  }
}

/**
 * A number or text the user entered was refused (out of range, not a number, no valid completion, or a
 * selection-time rule); `userMessage` is the text to show under the field. The session was left unchanged.
 */
export class InvalidValueError extends EngineError {
  readonly optionId: string;
  readonly value: string;
  readonly userMessage: string;

  constructor(optionId: string, value: string, userMessage: string) {
    super('INVALID_VALUE', `Value '${value}' of option '${optionId}' was refused: ${userMessage}`, {
      optionId,
      value,
      userMessage,
    });
    this.name = 'InvalidValueError';
    this.optionId = optionId;
    this.value = value;
    this.userMessage = userMessage;
  }
}
