import type { TChoice, TChoiceChange, TInitialParameter, TOptionValue, TUiState } from '@cpq/contracts';
import {
  type CompiledProduct,
  createSession,
  DisabledValueError,
  EngineError,
  InvalidValueError,
  type ModelOption,
  msgNotAvailable,
  type ProductModel,
  type ProductSession,
} from '@cpq/engine';
import { AppError } from '../../lib/app-error';

/** A session rebuilt from stored choices, and the stored choices it could not replay (a newer model refused them). */
export type TReplayed = { session: ProductSession; dropped: TChoice[] };

/**
 * Rebuilds a session from its parameters and explicit choices, in order. A choice the model refuses (a value a newer
 * version removed or now excludes) is dropped and reported, never a failure. Without any refusal this is exactly
 * `createSession(compiled, { params, choices })`.
 */
export function replaySession(compiled: CompiledProduct, params: TInitialParameter[], choices: TChoice[]): TReplayed {
  const session = createSession(compiled, { params, choices: [] });
  const dropped: TChoice[] = [];
  for (const choice of choices) {
    try {
      session.select(choice.optionId, choice.value);
    } catch (error) {
      if (!(error instanceof EngineError)) throw error;
      dropped.push(choice);
    }
  }
  return { session, dropped };
}

/** The option of a model, or a 400 naming the unknown id. */
export function optionOf(model: ProductModel, optionId: string): ModelOption {
  const option = model.options.find((entry) => entry.id === optionId);
  if (!option) {
    const message = `This product has no option "${optionId}".`;
    throw new AppError('VALIDATION_FAILED', message, [{ path: 'id', message }]);
  }
  return option;
}

/** A value's caption in a model ('' stays ''); falls back to the value itself. */
export function valueCaption(option: Pick<ModelOption, 'values'> | undefined, value: string): string {
  return option?.values?.find((entry) => entry.value === value)?.caption ?? value;
}

/** A number as people read it: '3,500', '12.5'. */
export const numberText = (n: number): string => n.toLocaleString('en-US', { maximumFractionDigits: 10 });

/** How a chosen value reads: a list value by its caption, a number with its thousands separated ('4,000'). */
export function choiceCaption(option: ModelOption | undefined, value: string): string {
  if (option?.kind !== 'number' || value.trim() === '') return valueCaption(option, value);
  const n = Number(value.replace(/,/g, ''));
  return Number.isFinite(n) ? numberText(n) : value;
}

/** 'Frame = Carbon', with captions from the first model (newest first) that still knows the option and value. */
export function describeChoice(models: readonly ProductModel[], choice: TChoice): string {
  const options = models.map((model) => model.options.find((entry) => entry.id === choice.optionId));
  const option = options.find((entry) => entry !== undefined);
  const valueOwner = options.find((entry) => entry?.values?.some((value) => value.value === choice.value));
  return `${option?.caption ?? choice.optionId} = ${valueCaption(valueOwner ?? option, choice.value)}`;
}

/** The warning shown when reopening a configuration dropped an earlier choice. */
export const droppedChoiceMessage = (described: string): string =>
  `Your earlier choice ${described} is no longer available and was removed.`;

const invalidValue = (message: string) => new AppError('VALIDATION_FAILED', message, [{ path: 'value', message }]);

/**
 * Checks a value's type against its option before the engine sees it: checkboxes take true/false ('True'/'False'),
 * lists take one of their values; numbers and text are the engine's to check (it parses '2,400').
 */
export function assertValueShape(option: ModelOption, value: Exclude<TOptionValue, null>): void {
  const text = String(value);
  const notAValue = () => invalidValue(`"${text}" is not a value of ${option.caption}.`);
  if (option.kind === 'boolean' && !/^(true|false)$/i.test(text)) throw notAValue();
  if (option.kind === 'single' && (typeof value === 'boolean' || !option.values?.some((v) => v.value === text))) {
    throw notAValue();
  }
  if (option.kind === 'text' && typeof value !== 'string') {
    throw invalidValue(`${option.caption} takes text.`);
  }
}

/** The field message the engine left under an option after refusing a value. */
function fieldMessage(ui: TUiState, optionId: string): string {
  for (const page of ui.Pages) {
    for (const screen of page.Screens) {
      const found = screen.ScreenOptions.find((option) => option.ID === optionId);
      if (found?.ValidationMessage) return found.ValidationMessage;
    }
  }
  return msgNotAvailable('');
}

/** A refused value as a 400 with the engine's words for people (nothing was changed or stored). */
export function refusal(error: unknown, session: ProductSession, optionId: string): unknown {
  if (error instanceof InvalidValueError) return invalidValue(error.userMessage);
  if (error instanceof DisabledValueError) return invalidValue(fieldMessage(session.state() as TUiState, optionId));
  if (error instanceof EngineError) return invalidValue(error.message);
  return error;
}

/** The choices that changed between two lists, other than `except` (the option the user set), with captions. */
export function changedChoices(
  model: ProductModel,
  before: readonly TChoice[],
  after: readonly TChoice[],
  except: string,
): TChoiceChange[] {
  const was = new Map(before.map((choice) => [choice.optionId, choice.value]));
  const now = new Map(after.map((choice) => [choice.optionId, choice.value]));
  const ids = [...new Set([...was.keys(), ...now.keys()])].filter((id) => id !== except);
  return ids.flatMap((optionId) => {
    const from = was.get(optionId) ?? '';
    const to = now.get(optionId) ?? '';
    if (from === to) return [];
    return [choiceChange(model, optionId, from, to)];
  });
}

/** One change of a choice with the captions people read. */
export function choiceChange(model: ProductModel, optionId: string, from: string, to: string): TChoiceChange {
  const option = model.options.find((entry) => entry.id === optionId);
  return {
    optionId,
    optionCaption: option?.caption ?? optionId,
    from,
    fromCaption: choiceCaption(option, from),
    to,
    toCaption: choiceCaption(option, to),
  };
}
