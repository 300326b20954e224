import type { TExplainResult, TParsedRequestOf } from '@cpq/contracts';
import type { AllowedRange, ModelOption, ProductExplanation, ProductModel, ProductSession } from '@cpq/engine';
import { AppError } from '../../lib/app-error';
import {
  assertValueShape,
  choiceCaption,
  choiceChange,
  numberText,
  optionOf,
  refusal,
} from '../configurations/configurator-session';
import { readSession, type TConfiguratorContext } from './configurator.service';

/** 'a', 'a and b', 'a, b and c'. */
function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** How a value is named in a sentence: a list value by its caption, a number or checkbox with its option. */
function valueName(option: ModelOption, value: string): string {
  return option.kind === 'single'
    ? choiceCaption(option, value)
    : `${option.caption} = ${choiceCaption(option, value)}`;
}

/** A range in words: 'Width must be between 1,500 and 3,500' (or at least / at most when one end is open). */
export function rangeText(caption: string, range: Pick<AllowedRange, 'min' | 'max'>): string {
  const { min, max } = range;
  if (min !== null && max !== null) {
    return min === max
      ? `${caption} must be ${numberText(min)}`
      : `${caption} must be between ${numberText(min)} and ${numberText(max)}`;
  }
  if (min !== null) return `${caption} must be at least ${numberText(min)}`;
  if (max !== null) return `${caption} must be at most ${numberText(max)}`;
  return `${caption} has no value that fits`;
}

/** The options a constraint reads: a table's own list, the option ids a rule's text names. */
function optionsOf(model: ProductModel, constraint: ProductModel['constraints'][number]): ModelOption[] {
  if (constraint.kind === 'table') return model.options.filter((option) => constraint.options.includes(option.id));
  const words = new Set(constraint.rule.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []);
  return model.options.filter((option) => words.has(option.id));
}

/**
 * The words for a rule the explanation names: the model's own; else, for a number's bound or a rule without a
 * description, a sentence from the captions of the options it reads (never its internal id when one can be built).
 */
function ruleDescription(model: ProductModel, id: string): string {
  const constraint = model.constraints.find((entry) => entry.id === id);
  if (constraint) {
    if (constraint.description) return constraint.description;
    const captions = optionsOf(model, constraint).map((option) => option.caption);
    return captions.length === 0 ? id : `A rule of this product on ${listOf(captions)}`;
  }
  const bound = /^(.+)\.range\.(min|max)$/.exec(id);
  const option = bound && model.options.find((entry) => entry.id === bound[1] && entry.kind === 'number');
  if (!bound || !option) return id;
  return (
    option.range?.description ??
    `${option.caption} has a ${bound[2] === 'min' ? 'minimum' : 'maximum'} that depends on your other choices`
  );
}

/**
 * The explanation in plain words: "Steel is not available because Finish is Walnut. Change Finish from Walnut to
 * Black to choose it."
 */
export function explainSummary(result: Omit<TExplainResult, 'summary'>, name: string): string {
  if (result.isEnabled) return `${name} is available with your current choices.`;
  if (!result.canBeEnabled) return `${name} is not available in any configuration of this product.`;
  const because =
    result.conflict.length === 0
      ? `${name} is not available with this product's settings.`
      : `${name} is not available because ${listOf(result.conflict.map((c) => `${c.optionCaption} is ${c.valueCaption}`))}.`;
  const ranges = result.ranges.map((range) => range.text);
  const why = ranges.length === 0 ? because : `${because} With ${name}, ${listOf(ranges)}.`;
  if (result.changes.length === 0) return why;
  const changes = result.changes.map((change) =>
    change.to === ''
      ? `clear ${change.optionCaption}`
      : `${change.optionCaption} from ${change.fromCaption} to ${change.toCaption}`,
  );
  return `${why} Change ${listOf(changes)} to choose it.`;
}

/** The engine's explanation with captions, constraint descriptions and the summary sentence. */
function withCaptions(
  model: ProductModel,
  option: ModelOption,
  value: string,
  explanation: ProductExplanation,
  chosen: ReadonlyMap<string, string>,
): TExplainResult {
  const captionOf = (id: string) => model.options.find((entry) => entry.id === id);
  const result = {
    optionId: option.id,
    optionCaption: option.caption,
    value,
    valueCaption: choiceCaption(option, value),
    isEnabled: explanation.isEnabled,
    canBeEnabled: explanation.canBeEnabled,
    conflict: explanation.conflict.map((entry) => {
      const shown = chosen.get(entry.optionId) ?? entry.value;
      const other = captionOf(entry.optionId);
      return {
        optionId: entry.optionId,
        optionCaption: other?.caption ?? entry.optionId,
        value: shown,
        valueCaption: choiceCaption(other, shown),
      };
    }),
    constraints: explanation.constraints.map((id) => ({ id, description: ruleDescription(model, id) })),
    changes: explanation.changes.map((change) =>
      choiceChange(model, change.optionId, chosen.get(change.optionId) ?? change.from, change.to),
    ),
    ranges: explanation.ranges.map((range) => {
      const optionCaption = captionOf(range.optionId)?.caption ?? range.optionId;
      return {
        optionId: range.optionId,
        optionCaption,
        min: range.min,
        max: range.max,
        text: rangeText(optionCaption, range),
      };
    }),
  };
  return { ...result, summary: explainSummary(result, valueName(option, value)) };
}

/** Why a value is not available, and the fewest changes that would allow it. */
export async function explain(
  ctx: TConfiguratorContext,
  body: TParsedRequestOf<'configurator/explain'>,
): Promise<TExplainResult> {
  return readSession(ctx, body.sessionId, ({ compiled, session }) => explainIn(compiled.model, session, body));
}

/** The explanation of one value in a session, which it reads without changing. */
export function explainIn(
  model: ProductModel,
  session: ProductSession,
  body: TParsedRequestOf<'configurator/explain'>,
): TExplainResult {
  const option = optionOf(model, body.id);
  if (body.value === null) {
    const message = 'Say which value to explain.';
    throw new AppError('VALIDATION_FAILED', message, [{ path: 'value', message }]);
  }
  assertValueShape(option, body.value);
  const value =
    option.kind === 'boolean' ? (String(body.value).toLowerCase() === 'true' ? 'True' : 'False') : String(body.value);
  const chosen = new Map(session.choices().map((choice) => [choice.optionId, choice.value]));
  if (option.kind === 'text') {
    const empty: ProductExplanation = {
      optionId: option.id as never,
      value,
      isEnabled: true,
      conflict: [],
      constraints: [],
      canBeEnabled: true,
      changes: [],
      ranges: [],
    };
    return withCaptions(model, option, value, empty, chosen);
  }
  let explanation: ProductExplanation;
  try {
    explanation = session.explain(option.id, body.value);
  } catch (error) {
    throw refusal(error, session, option.id);
  }
  return withCaptions(model, option, value, explanation, chosen);
}
