import { z } from 'zod';
import { ZEmail, ZGuid, ZId, ZInt, ZPagedQuery } from '../common';
import { ZChoice, ZConfiguratorMode, ZUiScreenOption, ZUiState } from '../entities/configurator';
import { ZInitialParameter, ZQuoteType } from '../entities/quotes';
import { ZSession } from './auth';

/**
 * Requests and results of `configurator/*`. A session is identified by the configuration's client GUID
 * (`sessionId` = `configurationId`): the server keeps its explicit choices in the configurations table and
 * replays them, so any instance continues any session.
 */

/** A value as the spec sends it: checkboxes 'True'/'False', numbers as numbers; null clears the choice. */
export const ZOptionValue = z.union([z.string().max(2000), z.number().finite(), z.boolean()]).nullable();
export type TOptionValue = z.infer<typeof ZOptionValue>;

const ZOptionId = z.string().min(1).max(200);

/**
 * start: a product (new configuration under the client's GUID) or a saved configuration (reopened exactly as it
 * was). `integrationParams` are the spec's initial parameters, less any that decides a price (co_type, Quantity,
 * Line_Qty and what the model's pricing reads: the server's to set); `quoteId`/`lineId` say where Finish puts the line.
 */
export const ZStartRequest = z.strictObject({
  configurationId: ZGuid,
  productId: ZId.optional(),
  quoteId: ZId.nullable().optional(),
  lineId: ZId.nullable().optional(),
  headerId: z.string().max(200).nullable().optional(),
  lineNumber: ZInt.min(0).nullable().optional(),
  integrationParams: z.array(ZInitialParameter).max(500).optional(),
  /**
   * A new configuration (under `configurationId`) that starts from the choices of this saved one, which the caller
   * may use: 'Copy to a new quote' of an order's configuration, which itself stays as it was ordered.
   */
  copyOf: ZGuid.optional(),
});
export type TStartRequest = z.infer<typeof ZStartRequest>;

/** What the configurator needs to know about the product and the session besides the engine's state. */
export const ZConfiguratorPrepare = z.object({
  sessionId: ZGuid,
  productId: ZId,
  productName: z.string(),
  productNumber: z.string(),
  imageUrl: z.string().nullable(),
  mode: ZConfiguratorMode,
  modelVersion: z.number().int(),
  quoteId: ZId.nullable(),
  lineId: ZId.nullable(),
  /** True when an existing configuration was reopened (reconfigure mode). */
  isReconfigure: z.boolean(),
  /** The currency the price shows in: the quote's (its customer's price list's), else US dollars. */
  currency: z.string().default('USD'),
});
export type TConfiguratorPrepare = z.infer<typeof ZConfiguratorPrepare>;

/** How the session was built: choices replayed, and those a newer model version no longer accepts. */
export const ZConfiguratorInitialize = z.object({
  replayed: z.number().int(),
  dropped: z.array(ZChoice),
  /** The model version the configuration was saved on, when it differs from the version it now runs on. */
  previousModelVersion: z.number().int().nullable(),
});

/**
 * The revision of the configuration a state is of: every change of the configuration makes a new one. A client sends
 * it back with its next step (`basedOn`) so that the answer can carry only what changed.
 */
const ZRevision = ZInt.min(0);

export const ZStartResult = z.object({
  prepare: ZConfiguratorPrepare,
  initialize: ZConfiguratorInitialize,
  ui: ZUiState,
  revision: ZRevision,
});
export type TStartResult = z.infer<typeof ZStartResult>;

/**
 * configure: one option's value. `force` applies the fewest changes `explain` suggests so that a disabled value can
 * be chosen (the why-not panel's one action); without it a disabled value is refused and nothing changes.
 * `basedOn` is the revision of the state the client shows (from start's or the last configure's answer).
 */
export const ZConfigureRequest = z.strictObject({
  sessionId: ZGuid,
  id: ZOptionId,
  value: ZOptionValue,
  force: z.boolean().optional(),
  basedOn: ZRevision.optional(),
});
export type TConfigureRequest = z.infer<typeof ZConfigureRequest>;

/** A choice that changed as a consequence of a forced value (to '' when it was dropped). */
export const ZChoiceChange = z.object({
  optionId: z.string(),
  optionCaption: z.string(),
  from: z.string(),
  fromCaption: z.string(),
  to: z.string(),
  toCaption: z.string(),
});
export type TChoiceChange = z.infer<typeof ZChoiceChange>;

/** One character per selectable value of an option, in order: '1' true, '0' false. */
const ZValueFlags = z.string().regex(/^[01]*$/);

/**
 * An option's state as it changed: the parts of it that a step can change. The rest (its name, captions, tooltip,
 * display settings, whether it is required, and its values' own value, caption and image) is the model's, the same
 * in every state of a configuration.
 */
export const ZUiScreenOptionChange = ZUiScreenOption.pick({
  ID: true,
  IsEnabled: true,
  IsVisible: true,
  Value: true,
  Ranges: true,
  ValidationMessage: true,
}).extend({ ValuesEnabled: ZValueFlags, ValuesVisible: ZValueFlags });
export type TUiScreenOptionChange = z.infer<typeof ZUiScreenOptionChange>;

/**
 * A state as the changes from an earlier one of the same configuration: every part of it but the pages, each page's
 * visibility in order, and the options whose state changed (once each, however many screens show the option). The
 * pages', screens' and options' captions and places are the model's, the same in every state of a configuration.
 */
export const ZUiStateChanges = ZUiState.omit({ Pages: true }).extend({
  PageVisibility: z.array(z.boolean()),
  ScreenOptions: z.array(ZUiScreenOptionChange),
});
export type TUiStateChanges = z.infer<typeof ZUiStateChanges>;

/**
 * configure's answer: the new state whole (`ui`), or, when the request said which state the client shows
 * (`basedOn`) and this server still has it, the changes from it (`changes`; a Megane step answers 57 KB whole).
 * `changed` lists the other choices a forced value changed.
 */
export const ZConfigureWholeResult = z.object({ ui: ZUiState, revision: ZRevision, changed: z.array(ZChoiceChange) });
export type TConfigureWholeResult = z.infer<typeof ZConfigureWholeResult>;

export const ZConfigureResult = z.union([
  ZConfigureWholeResult,
  z.object({ changes: ZUiStateChanges, revision: ZRevision, changed: z.array(ZChoiceChange) }),
]);
export type TConfigureResult = z.infer<typeof ZConfigureResult>;

/** explain: why a value is disabled. */
export const ZExplainRequest = z.strictObject({ sessionId: ZGuid, id: ZOptionId, value: ZOptionValue });

export const ZExplainResult = z.object({
  optionId: z.string(),
  optionCaption: z.string(),
  value: z.string(),
  valueCaption: z.string(),
  isEnabled: z.boolean(),
  /** False when no configuration has the value at all, whatever the choices. */
  canBeEnabled: z.boolean(),
  /** The smallest set of the user's choices that exclude the value (dropping any one brings it back). */
  conflict: z.array(
    z.object({ optionId: z.string(), optionCaption: z.string(), value: z.string(), valueCaption: z.string() }),
  ),
  /**
   * The rules involved, in words: a rule's description, else a sentence naming the options it reads; a number's
   * range bound (`<option>.range.max`) by the range's description, else a sentence naming the option.
   */
  constraints: z.array(z.object({ id: z.string(), description: z.string() })),
  /** The fewest changes to the user's choices that would allow the value (a number to the closest one allowed). */
  changes: z.array(ZChoiceChange),
  /** Each number that must change: its range once the value is chosen, and that range in words. */
  ranges: z.array(
    z.object({
      optionId: z.string(),
      optionCaption: z.string(),
      min: z.number().nullable(),
      max: z.number().nullable(),
      text: z.string(),
    }),
  ),
  /** The whole explanation as one sentence, for screen readers and the panel's heading. */
  summary: z.string(),
});
export type TExplainResult = z.infer<typeof ZExplainResult>;

/** finish: checks that execution is complete, stores the outputs and puts the line on the quote. */
export const ZFinishRequest = z.strictObject({
  sessionId: ZGuid,
  /** The quote to add the line to; without one a new quote is created (a quote request for public users). */
  quoteId: ZId.nullable().optional(),
  quantity: z.number().int().min(1).max(1_000_000).optional(),
});

export const ZFinishResult = z.object({
  quoteId: ZId,
  quoteType: ZQuoteType,
  /** The line added or updated; null for a Review or SO write-up configuration, which prints a document instead. */
  lineId: ZId.nullable(),
  partNumber: z.string(),
  price: z.number(),
  isNewQuote: z.boolean(),
  /**
   * True when Finish updated the line the configuration already had on the quote (a saved configuration edited);
   * false or absent when it added a line or printed a document.
   */
  isLineUpdated: z.boolean().optional(),
});
export type TFinishResult = z.infer<typeof ZFinishResult>;

/**
 * The my-configurations list: the caller's own (administrators may name a user of their platform) product
 * configurations, without the Review and SO write-up steps' own; complete ones, and incomplete ones too when
 * `includeIncomplete`.
 */
export const ZGetConfigurationsRequest = ZPagedQuery.extend({
  username: z.string().trim().max(254).optional(),
  includeIncomplete: z.boolean().optional(),
});

/**
 * The visitor flow's public-user creation: a visitor who gives an e-mail address gets a public account (role
 * 'public', level 0, checkout 'stripe') with a random password and is signed in. An address that already has an
 * account is refused (sign in instead): nobody can take over an account by naming its address.
 */
export const ZCreateVisitorRequest = z.strictObject({ email: ZEmail });
export const ZCreateVisitorResult = ZSession;
