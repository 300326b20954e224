import {
  calledFunctions,
  checkExpression,
  describeExpressionError,
  type Expression,
  ExpressionSyntaxError,
  type OptionKind,
  parseExpression,
  type ScalarType,
  type SymbolTable,
} from '../expr';
import { ModelValidationError } from './errors';
import type { ProductModel } from './model';

/** The spec's initial configurator parameters; a model may read them without declaring them (`$QuoteId`). */
export const SPEC_PARAMS = [
  'Fax',
  'LineNumber',
  'QuoteId',
  'IsOrder',
  'User_Login',
  'co_type',
  'projectname',
  'account_name',
  'address',
  'address2',
  'city',
  'state',
  'zipcode',
  'email',
  'first_name',
  'last_name',
  'phone',
  'alt_phone',
  'Country',
  'CountryCode',
  'Line_Count',
  'Line_Item',
  'Line_Qty',
  'Line_Desc',
  'Line_Price',
  'Line_Type',
  'Line_Div',
  'Line_ConfigurationID',
  'sfRepCode',
  'sfTerritoryCode',
  'ConfigurationID',
  'Quantity',
] as const;

/** One expression of a model: where it lives and the type its place needs (`any` for output values). */
export type ExpressionSite = { readonly path: string; readonly source: string; readonly expected: ScalarType };

const OPTION_KINDS: Record<ProductModel['options'][number]['kind'], OptionKind> = {
  single: 'string',
  boolean: 'boolean',
  number: 'number',
  text: 'text',
};

/** What expressions of `model` may read: its options by kind, its declared params and the spec's (untyped). */
export const symbolTableOf = (model: ProductModel): SymbolTable => {
  const params: Record<string, OptionKind | 'any'> = Object.fromEntries(SPEC_PARAMS.map((name) => [name, 'any']));
  for (const param of model.params ?? []) params[param.name] = param.type === 'string' ? 'string' : param.type;
  return { options: Object.fromEntries(model.options.map((o) => [o.id, OPTION_KINDS[o.kind]])), params };
};

/** Every expression of the model with its path, in model order. */
export const expressionSites = (model: ProductModel): ExpressionSite[] => {
  const sites: ExpressionSite[] = [];
  const add = (path: string, source: string | number | undefined, expected: ScalarType) => {
    if (typeof source === 'string') sites.push({ path, source, expected });
  };
  model.options.forEach((option, i) => {
    add(`options[${i}].visibleWhen`, option.visibleWhen, 'boolean');
    add(`options[${i}].enabledWhen`, option.enabledWhen, 'boolean');
    add(`options[${i}].range.min`, option.range?.min, 'number');
    add(`options[${i}].range.max`, option.range?.max, 'number');
  });
  model.pages.forEach((page, i) => {
    add(`pages[${i}].visibleWhen`, page.visibleWhen, 'boolean');
  });
  model.constraints.forEach((constraint, i) => {
    if (constraint.kind === 'rule') add(`constraints[${i}].rule`, constraint.rule, 'boolean');
  });
  model.pricing?.lines?.forEach((line, i) => {
    add(`pricing.lines[${i}].when`, line.when, 'boolean');
    add(`pricing.lines[${i}].amount`, line.amount, 'number');
  });
  model.outputs?.details?.forEach((detail, i) => {
    add(`outputs.details[${i}].value`, detail.value, 'any');
    add(`outputs.details[${i}].when`, detail.when, 'boolean');
  });
  add('outputs.partNumber', model.outputs?.partNumber, 'any');
  add('outputs.description', model.outputs?.description, 'any');
  add('outputs.imageUrl', model.outputs?.imageUrl, 'string');
  model.messages?.forEach((message, i) => {
    add(`messages[${i}].when`, message.when, 'boolean');
  });
  return sites;
};

/** Where `caption()` may stand: text shown to people. Anywhere else it would make a rule read a caption. */
const CAPTION_SITE = /^outputs\.(details\[\d+\]\.value|partNumber|description)$/;

/** A model's expressions parsed once, by path. Only built for models whose expressions all check. */
export type ParsedExpressions = ReadonlyMap<string, Expression>;

/**
 * Parses and checks every expression of the model against its symbol table. Returns the parsed expressions and
 * one issue per problem, `path: message at line:column` (the same form as the schema's issues).
 */
export const analyseExpressions = (model: ProductModel): { parsed: ParsedExpressions; issues: string[] } => {
  const symbols = symbolTableOf(model);
  const parsed = new Map<string, Expression>();
  const issues: string[] = [];
  for (const site of expressionSites(model)) {
    try {
      const expression = parseExpression(site.source, { path: site.path });
      const errors = checkExpression(expression, symbols, site.expected === 'any' ? undefined : site.expected);
      issues.push(...errors.map(describeExpressionError));
      const hasMisplacedCaption = !CAPTION_SITE.test(site.path) && calledFunctions(expression).includes('caption');
      if (hasMisplacedCaption)
        issues.push(`${site.path}: caption() is for outputs only (details, partNumber, description)`);
      if (errors.length === 0 && !hasMisplacedCaption) parsed.set(site.path, expression);
    } catch (error) {
      if (!(error instanceof ExpressionSyntaxError)) throw error;
      issues.push(describeExpressionError(error.error));
    }
  }
  return { parsed, issues };
};

/** Parsed expressions of a model; throws {@link ModelValidationError} if one is bad (the model skipped `parseModel`). */
export const parseExpressions = (model: ProductModel): ParsedExpressions => {
  const { parsed, issues } = analyseExpressions(model);
  if (issues.length > 0) throw new ModelValidationError(issues);
  return parsed;
};
