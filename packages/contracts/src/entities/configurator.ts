import { z } from 'zod';
import { ZGuid, ZId, ZIsoDate } from '../common';
import { ZDetailItem, ZQuoteType } from './quotes';

/**
 * The configuration engine's response in the spec's shape ("Configuration engine response"), plus the extras our
 * engine adds. The engine builds it (`session.state()`); the server checks what it sends against these schemas.
 */
export const ZUiSelectableValue = z.object({
  Value: z.string(),
  Caption: z.string(),
  IsEnabled: z.boolean(),
  IsVisible: z.boolean(),
  ImageLink: z.string(),
});
export type TUiSelectableValue = z.infer<typeof ZUiSelectableValue>;

/** The ten option display types of the spec. */
export const DISPLAY_TYPES = [
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
] as const;
export type TDisplayType = (typeof DISPLAY_TYPES)[number];

/** Auto-continue: 0 none, 1 send the value once, 2 send it twice if focus stays, 3 move to the page after the last. */
export const ZAutoContinueMode = z.number().int().min(0).max(3);

export const ZUiScreenOption = z.object({
  ID: z.string(),
  Name: z.string(),
  IsRequired: z.boolean(),
  IsEnabled: z.boolean(),
  IsVisible: z.boolean(),
  Value: z.string(),
  SelectableValues: z.array(ZUiSelectableValue),
  Ranges: z.object({ Increment: z.number(), Min: z.number().nullable(), Max: z.number().nullable() }).nullable(),
  /** 'Fraction' shows numbers as mixed numbers and skips the min/max field checks. */
  DisplayFormat: z.string(),
  DisplayType: z.enum(DISPLAY_TYPES),
  Caption: z.string(),
  Tooltip: z.string(),
  InformationLink: z.string(),
  AutoContinueMode: ZAutoContinueMode,
  /** The field error to show beneath the option ('' for none): the last refused entry's message. */
  ValidationMessage: z.string(),
});
export type TUiScreenOption = z.infer<typeof ZUiScreenOption>;

export const ZUiScreen = z.object({
  Caption: z.string(),
  ShowCaption: z.boolean(),
  ShowSeparator: z.boolean(),
  ScreenOptions: z.array(ZUiScreenOption),
});
export type TUiScreen = z.infer<typeof ZUiScreen>;

export const ZUiPage = z.object({ Caption: z.string(), IsVisible: z.boolean(), Screens: z.array(ZUiScreen) });
export type TUiPage = z.infer<typeof ZUiPage>;

export const ZUiMessage = z.object({ Type: z.enum(['Critical', 'Warning', 'Information']), Value: z.string() });
export type TUiMessage = z.infer<typeof ZUiMessage>;

export const ZUiState = z.object({
  /** Unit price in dollars (integer cents / 100). */
  ConfiguredPrice: z.number(),
  ImageUrl: z.string(),
  Details: z.array(ZDetailItem),
  Pages: z.array(ZUiPage),
  IsExecutionComplete: z.boolean(),
  OptionToFocus: z.string(),
  Messages: z.array(ZUiMessage),
  ConfiguredPriceCents: z.number().int(),
  /** Decimal text of the exact number of valid complete configurations left. */
  RemainingConfigurations: z.string(),
  /** 'complete', 'finite-part' (some rules are checked at selection time) or 'incomplete' (search fallback). */
  Guarantee: z.enum(['complete', 'finite-part', 'incomplete']),
  PartNumber: z.string(),
  Description: z.string(),
});
export type TUiState = z.infer<typeof ZUiState>;

/** Modes of the configurator, from the product's ruleset: 'Quote_Gen' Review, 'SO_WriteUP' SO write-up. */
export const CONFIGURATOR_MODES = ['Default', 'Review', 'SOWriteup'] as const;
export const ZConfiguratorMode = z.enum(CONFIGURATOR_MODES);
export type TConfiguratorMode = z.infer<typeof ZConfiguratorMode>;

/** One explicit choice of a configuration, as the engine replays it (numbers as decimal text). */
export const ZChoice = z.object({ optionId: z.string(), value: z.string() });
export type TChoice = z.infer<typeof ZChoice>;

/**
 * A saved configuration: the replayable list of explicit choices on one version of a product's model, and what
 * the last finish produced. `id` is the client's GUID, so any server instance can continue the session.
 */
export const ZConfiguration = z.object({
  id: ZGuid,
  productId: ZId,
  productName: z.string(),
  productNumber: z.string(),
  imageUrl: z.string().nullable(),
  modelVersion: z.number().int(),
  choices: z.array(ZChoice),
  username: z.string(),
  pid: z.string(),
  quoteId: ZId.nullable(),
  lineId: ZId.nullable(),
  isComplete: z.boolean(),
  partNumber: z.string().nullable(),
  description: z.string().nullable(),
  /** Unit price in dollars at the last step, as the engine computed it. */
  price: z.number().nullable(),
  /** The type of the quote it is on (2: an order, whose configurations are read-only); null when on none. */
  quoteType: ZQuoteType.nullable(),
  /** What the last finish produced (the spec's Details: Caption and Value); null before a finish. */
  details: z.array(ZDetailItem).nullable(),
  createdDate: ZIsoDate,
  updatedAt: ZIsoDate,
});
export type TConfiguration = z.infer<typeof ZConfiguration>;
