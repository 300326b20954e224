import { z } from 'zod';
import { ZGuid, ZId, ZIsoDate, ZVersion } from '../common';
import { ZModelJson, ZModelSummary, ZProductView } from './reference-data';

/**
 * The model studio: a product's draft model (edited and saved as often as the author likes), published as the
 * product's next immutable model version.
 */

export const ZGetModelDraftRequest = z.strictObject({ productId: ZId });

/** A product's draft; `isSaved` is false when it was just started from the current version and not stored yet. */
export const ZModelDraft = z.object({
  productId: ZId,
  /** What saveModelDraft and publishModel must send back: a draft saved meanwhile by someone else is a 409. */
  version: z.number().int(),
  model: ZModelJson,
  isSaved: z.boolean(),
  /** The published version the product uses now; null before the first publish. */
  publishedVersion: z.number().int().nullable(),
  updatedBy: z.string().nullable(),
  updatedAt: ZIsoDate.nullable(),
});
export type TModelDraft = z.infer<typeof ZModelDraft>;

/** Saves the draft; `version` is the draft's version as read (0 for one never saved). */
export const ZSaveModelDraftRequest = z.strictObject({
  productId: ZId,
  version: z.number().int().min(0).max(2_147_483_647),
  model: ZModelJson,
});

export const ZGetModelVersionsRequest = z.strictObject({ productId: ZId });
/** One published version of a product's model, without its JSON. */
export const ZModelVersionRow = ZModelSummary.pick({
  id: true,
  key: true,
  name: true,
  version: true,
  createdAt: true,
}).extend({ createdBy: z.string().nullable(), isCurrent: z.boolean() });
export type TModelVersionRow = z.infer<typeof ZModelVersionRow>;
export const ZGetModelVersionsResult = z.object({ rows: z.array(ZModelVersionRow), count: z.number().int() });

/** Publishes the saved draft at `version` (what the author last saved) as the product's next model version. */
export const ZPublishModelRequest = z.strictObject({ productId: ZId, version: ZVersion });
export const ZPublishModelResult = z.object({ product: ZProductView, model: ZModelSummary });

/** configurator/startPreview: a configuration of the product's saved draft, kept by this server only, never stored. */
export const ZStartPreviewRequest = z.strictObject({ productId: ZId, configurationId: ZGuid });
