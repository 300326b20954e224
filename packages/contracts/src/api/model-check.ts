import { z } from 'zod';
import { ZId } from '../common';
import { ZModelJson } from './reference-data';

/** What a model check finding is about (the engine's kinds, plus past sales the model no longer allows). */
export const ZModelFindingKind = z.enum([
  'no-valid-configuration',
  'constraint-removes-everything',
  'dead-value',
  'dead-number-range',
  'option-never-settable',
  'redundant-constraint',
  'invalid-default',
  'formula-fails',
  'negative-price',
  'check-incomplete',
  'past-sale-invalid',
]);
export type TModelFindingKind = z.infer<typeof ZModelFindingKind>;

/** A configuration as option id to value. */
export const ZCheckConfiguration = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

/** One change that makes a past sale valid again. */
export const ZConfigurationChange = z.object({ option: z.string(), from: z.string(), to: z.string() });

/**
 * One proven fact about a model: with an example configuration or resting on a proof of emptiness. `error` blocks
 * publishing, `warning` should be fixed, `info` is for the record. A past sale names its quote and line and the
 * fewest changes that make it valid.
 */
export const ZModelFinding = z.object({
  kind: ZModelFindingKind,
  severity: z.enum(['error', 'warning', 'info']),
  options: z.array(z.string()),
  values: z.array(z.object({ option: z.string(), value: z.string() })),
  constraints: z.array(z.string()),
  message: z.string(),
  fix: z.string().optional(),
  example: ZCheckConfiguration.optional(),
  quoteId: z.number().int().optional(),
  lineId: z.number().int().optional(),
  changes: z.array(ZConfigurationChange).optional(),
});
export type TModelFinding = z.infer<typeof ZModelFinding>;

/** productManagement/checkModel: a model (JSON) and, optionally, the product whose past sales to replay on it. */
export const ZCheckModelRequest = z.strictObject({ model: ZModelJson, productId: ZId.optional() });
export const ZCheckModelResult = z.object({
  findings: z.array(ZModelFinding),
  /** Valid configurations of the compiled core, as a decimal string (exact, may exceed 2^53); null when unknown. */
  configurations: z.string().nullable(),
  /** Past sales replayed (configurations on quote lines of the product's current model version). */
  replayed: z.number().int(),
});
export type TCheckModelResult = z.infer<typeof ZCheckModelResult>;

/** productManagement/diffModels: two model versions of the caller's platform, by id. */
export const ZDiffModelsRequest = z.strictObject({ from: ZId, to: ZId });
export const ZDiffModelsResult = z.object({
  sharedOptions: z.array(z.string()),
  addedOptions: z.array(z.string()),
  removedOptions: z.array(z.string()),
  notCompared: z.array(z.string()),
  /** Counts as decimal strings (exact). */
  fromCount: z.string(),
  toCount: z.string(),
  gained: z.string(),
  lost: z.string(),
  gainedExample: ZCheckConfiguration.optional(),
  lostExample: ZCheckConfiguration.optional(),
  valueChanges: z.array(
    z.object({
      option: z.string(),
      value: z.string(),
      change: z.enum(['added', 'removed', 'now-available', 'no-longer-available']),
    }),
  ),
});
export type TDiffModelsResult = z.infer<typeof ZDiffModelsResult>;
