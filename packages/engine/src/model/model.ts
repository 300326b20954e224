import { z } from 'zod';

const ZId = z.string().min(1);
/** An expression in the rule language of `src/expr`, kept as its source text. */
const ZExpression = z.string().min(1);

/** One selectable value of a `single` option. `price` is in integer cents. */
export const ZOptionValue = z.object({
  value: z.string(),
  caption: z.string().optional(),
  imageUrl: z.string().optional(),
  price: z.number().int().optional(),
});

/** Bounds of a `number` option: literal numbers or expressions evaluated at run time. */
export const ZRange = z.object({
  min: z.union([z.number(), ZExpression]),
  max: z.union([z.number(), ZExpression]),
  increment: z.number().positive().optional(),
  /** What the bounds mean, in words people read (the configurator's "Why not?" names a bound with it). */
  description: z.string().optional(),
});

/** Widget used to render an option (the spec's DisplayType). */
export const ZDisplayType = z.enum([
  'dropdown',
  'typeabledropdown',
  'radiobuttonhorizontal',
  'imageandtexthorizontal',
  'imagedropdown',
  'numericcontrol',
  'numerictextbox',
  'textbox',
  'textarea',
  'checkbox',
]);

/** Kinds of option; only `single` and `boolean` options take part in the compiled constraint core. */
export const ZOptionKind = z.enum(['single', 'boolean', 'number', 'text']);

/** One configurable option (the spec's ScreenOption). */
export const ZOption = z.object({
  id: ZId,
  caption: z.string(),
  kind: ZOptionKind,
  values: z.array(ZOptionValue).optional(),
  range: ZRange.optional(),
  /** 'Fraction' shows numbers as mixed numbers; 'Date' makes a text option take only MM/DD/YYYY dates. */
  displayFormat: z.enum(['Fraction', 'Decimal', 'Date']).optional(),
  displayType: ZDisplayType,
  required: z.boolean().optional(),
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
  tooltip: z.string().optional(),
  informationLink: z.string().optional(),
  autoContinueMode: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).optional(),
  visibleWhen: ZExpression.optional(),
  enabledWhen: ZExpression.optional(),
});

/** A screen groups options; `options` lists option ids in display order. */
export const ZScreen = z.object({
  id: ZId,
  caption: z.string(),
  showCaption: z.boolean().optional(),
  showSeparator: z.boolean().optional(),
  options: z.array(ZId),
});

/** A page groups screens. */
export const ZPage = z.object({
  id: ZId,
  caption: z.string(),
  visibleWhen: ZExpression.optional(),
  screens: z.array(ZScreen),
});

/** Extensional constraint: the listed tuples are the allowed (or forbidden) value combinations of `options`. */
export const ZTableConstraint = z.object({
  kind: z.literal('table'),
  id: ZId,
  /** What the table means, in words people read (the configurator's "Why not?" names the rule with it). */
  description: z.string().optional(),
  options: z.array(ZId).min(1),
  semantics: z.enum(['allowed', 'forbidden']),
  tuples: z.array(z.array(z.string())),
});

/** Intensional constraint written in the expression language, e.g. `frame = 'carbon' implies brakes != 'rim'`. */
export const ZRuleConstraint = z.object({
  kind: z.literal('rule'),
  id: ZId,
  description: z.string().optional(),
  rule: ZExpression,
});

/** Any constraint of a product model. */
export const ZConstraint = z.discriminatedUnion('kind', [ZTableConstraint, ZRuleConstraint]);

/** A price line; `amount` is an expression giving integer cents. */
export const ZPriceLine = z.object({
  id: ZId,
  caption: z.string().optional(),
  when: ZExpression.optional(),
  amount: ZExpression,
  quantityBreaks: z.array(z.object({ minQuantity: z.number().int().min(1), factor: z.number().min(0) })).optional(),
});

/** Pricing: a base price in cents plus conditional lines. */
export const ZPricing = z.object({ base: z.number().int(), lines: z.array(ZPriceLine).optional() });

/** Outputs of a configuration: spec Details, part number and description (expressions). */
export const ZOutputs = z.object({
  details: z
    .array(
      z.object({
        caption: z.string(),
        value: ZExpression,
        type: z.number().int().optional(),
        when: ZExpression.optional(),
      }),
    )
    .optional(),
  partNumber: ZExpression.optional(),
  description: ZExpression.optional(),
  /** Product image for the current choices (the state's `ImageUrl`); the model's `imageUrl` when absent or unknown. */
  imageUrl: ZExpression.optional(),
});

/** A message shown while its `when` expression holds. */
export const ZMessage = z.object({
  id: ZId,
  when: ZExpression,
  severity: z.enum(['Critical', 'Warning', 'Information']),
  text: z.string(),
});

/** A named input parameter of a configuration (the spec's initial configurator parameters). */
export const ZParam = z.object({
  name: z.string().min(1),
  type: z.enum(['string', 'number', 'boolean']),
  default: z.union([z.string(), z.number(), z.boolean(), z.null()]).optional(),
});

/** The whole product model. Cross-references are checked by `parseModel`, not by this schema alone. */
export const ZProductModel = z.object({
  id: ZId,
  name: z.string(),
  version: z.number().int(),
  description: z.string().optional(),
  imageUrl: z.string().optional(),
  options: z.array(ZOption),
  pages: z.array(ZPage),
  constraints: z.array(ZConstraint),
  pricing: ZPricing.optional(),
  outputs: ZOutputs.optional(),
  messages: z.array(ZMessage).optional(),
  params: z.array(ZParam).optional(),
});

/** A validated product model. */
export type ProductModel = z.infer<typeof ZProductModel>;
/** One option of a product model. */
export type ModelOption = z.infer<typeof ZOption>;
/** One constraint of a product model. */
export type ModelConstraint = z.infer<typeof ZConstraint>;
/** A table constraint of a product model. */
export type TableConstraint = z.infer<typeof ZTableConstraint>;
/** A rule constraint of a product model. */
export type RuleConstraint = z.infer<typeof ZRuleConstraint>;

/**
 * The values a boolean option takes in tables, choices and the UI state: the spec's checkbox strings, which the
 * expression language also reads as booleans (`flag = true` and `flag = 'True'` agree).
 */
export const BOOLEAN_VALUES = ['False', 'True'] as const;

/** Whether an option belongs to the finite, compiled part of the model. */
export const isFiniteOption = (option: ModelOption): boolean => option.kind === 'single' || option.kind === 'boolean';

/** The domain of a finite option as value strings, in model order. */
export const domainOf = (option: ModelOption): string[] =>
  option.kind === 'boolean' ? [...BOOLEAN_VALUES] : (option.values ?? []).map((entry) => entry.value);

const captionTables = new WeakMap<ProductModel, Map<string, Map<string, string>>>();

/**
 * The caption of an option's value as the model names it (undefined for a value without one), for the expression
 * language's `caption(option)`. The lookup table is built once per model.
 */
export function captionOf(model: ProductModel, optionId: string, value: string): string | undefined {
  let table = captionTables.get(model);
  if (!table) {
    table = new Map(
      model.options.map((option) => [
        option.id,
        new Map((option.values ?? []).flatMap((entry) => (entry.caption ? [[entry.value, entry.caption]] : []))),
      ]),
    );
    captionTables.set(model, table);
  }
  return table.get(optionId)?.get(value);
}
