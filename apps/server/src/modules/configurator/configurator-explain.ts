import type { TExplainResult, TParsedRequestOf } from '@cpq/contracts';
import type { Explanation, ModelOption, ProductModel, ProductSession } from '@cpq/engine';
import { AppError } from '../../lib/app-error';
import { readSession, type TConfiguratorContext } from './configurator.service';
import { assertValueShape, choiceChange, optionOf, refusal, valueCaption } from './configurator-session';

/** 'a', 'a and b', 'a, b and c'. */
function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** How a value is named in a sentence: a list value by its caption, a number or checkbox with its option. */
function valueName(option: ModelOption, value: string): string {
  return option.kind === 'single' ? valueCaption(option, value) : `${option.caption} = ${valueCaption(option, value)}`;
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
  if (result.changes.length === 0) return because;
  const changes = result.changes.map((change) =>
    change.to === ''
      ? `clear ${change.optionCaption}`
      : `${change.optionCaption} from ${change.fromCaption} to ${change.toCaption}`,
  );
  return `${because} Change ${listOf(changes)} to choose it.`;
}

/** The engine's explanation with captions, constraint descriptions and the summary sentence. */
function withCaptions(
  model: ProductModel,
  option: ModelOption,
  value: string,
  explanation: Explanation,
  chosen: ReadonlyMap<string, string>,
): TExplainResult {
  const captionOf = (id: string) => model.options.find((entry) => entry.id === id);
  const result = {
    optionId: option.id,
    optionCaption: option.caption,
    value,
    valueCaption: valueCaption(option, value),
    isEnabled: explanation.isEnabled,
    canBeEnabled: explanation.canBeEnabled,
    conflict: explanation.conflict.map((entry) => {
      const shown = chosen.get(entry.optionId) ?? entry.value;
      const other = captionOf(entry.optionId);
      return {
        optionId: entry.optionId,
        optionCaption: other?.caption ?? entry.optionId,
        value: shown,
        valueCaption: valueCaption(other, shown),
      };
    }),
    constraints: explanation.constraints.map((id) => {
      const constraint = model.constraints.find((entry) => entry.id === id);
      return { id, description: constraint?.description ?? id };
    }),
    changes: explanation.changes.map((change) =>
      choiceChange(model, change.optionId, chosen.get(change.optionId) ?? change.from, change.to),
    ),
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
function explainIn(
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
    const empty: Explanation = {
      optionId: option.id as never,
      value,
      isEnabled: true,
      conflict: [],
      constraints: [],
      canBeEnabled: true,
      changes: [],
    };
    return withCaptions(model, option, value, empty, chosen);
  }
  let explanation: Explanation;
  try {
    explanation = session.explain(option.id, body.value);
  } catch (error) {
    throw refusal(error, session, option.id);
  }
  return withCaptions(model, option, value, explanation, chosen);
}
