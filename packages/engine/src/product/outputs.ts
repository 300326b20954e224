import { type Environment, evaluate, evaluateTruth, toText } from '../expr';
import type { ProductModel } from '../model/model';
import type { ParsedExpressions } from '../model/model-expressions';
import { formatDollars } from './pricing';

/** One row of the spec's Details list; `Type` 5 or more is a currency amount. */
export type UiDetail = { readonly Caption: string; readonly Value: string; readonly Type: number };

/** One message of the spec's Messages list. */
export type UiMessage = { readonly Type: 'Critical' | 'Warning' | 'Information'; readonly Value: string };

/** The first Details type the spec shows as currency. */
export const CURRENCY_DETAIL_TYPE = 5;

const textOf = (expressions: ParsedExpressions, path: string, env: Environment): string | null => {
  const expression = expressions.get(path);
  return expression ? toText(evaluate(expression, env)) : null;
};

/**
 * The Details rows whose `when` holds (unknown hides the row) and whose value is known. A currency row
 * (`type` >= 5) holds integer cents in the model and shows dollars with two decimals.
 */
export const detailsOf = (model: ProductModel, expressions: ParsedExpressions, env: Environment): UiDetail[] => {
  const rows: UiDetail[] = [];
  model.outputs?.details?.forEach((detail, i) => {
    const when = expressions.get(`outputs.details[${i}].when`);
    if (when && evaluateTruth(when, env) !== true) return;
    const expression = expressions.get(`outputs.details[${i}].value`);
    const value = expression ? evaluate(expression, env) : null;
    const type = detail.type ?? 0;
    if (type >= CURRENCY_DETAIL_TYPE && typeof value === 'number') {
      rows.push({ Caption: detail.caption, Value: formatDollars(value), Type: type });
      return;
    }
    const text = toText(value);
    if (text !== null) rows.push({ Caption: detail.caption, Value: text, Type: type });
  });
  return rows;
};

/** Part number, description and image for the current choices ('' when unknown; the model's image by default). */
export const identityOf = (model: ProductModel, expressions: ParsedExpressions, env: Environment) => ({
  partNumber: textOf(expressions, 'outputs.partNumber', env) ?? '',
  description: textOf(expressions, 'outputs.description', env) ?? '',
  imageUrl: textOf(expressions, 'outputs.imageUrl', env) ?? model.imageUrl ?? '',
});

/** The model's messages whose `when` is true (unknown shows nothing), in model order. */
export const messagesOf = (model: ProductModel, expressions: ParsedExpressions, env: Environment): UiMessage[] =>
  (model.messages ?? []).flatMap((message, i) => {
    const when = expressions.get(`messages[${i}].when`);
    return when && evaluateTruth(when, env) === true ? [{ Type: message.severity, Value: message.text }] : [];
  });
