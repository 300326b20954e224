/**
 * The customer's quote link (`/q/<token>`): a rep shares a quote's current revision with one e-mail address; whoever
 * holds the link reads it, chooses among its optional lines, comments and accepts it (signing, then paying by card or
 * with a PO number), without an account. The token is 32 random bytes in base64url; the server keeps only its
 * SHA-256, so neither the database nor a log can open a quote.
 */
import { z } from 'zod';
import { ZEmail, ZId, ZIsoDate, ZVersion } from '../common';
import { ZDetailItem } from '../entities/quotes';
import { ZMoney } from '../entities/reference';
import { SHARE_TOKEN_PATTERN } from '../share-token';
import { CARD_MAX_CENTS, ZPaymentConfig, ZPoNumber } from './orders';

export const ZShareToken = z
  .string()
  .regex(SHARE_TOKEN_PATTERN, 'This link is not complete. Open it again from the e-mail.');

/** How long a link works when the rep names no date, and the longest they may name. */
export const SHARE_DEFAULT_DAYS = 30;
export const SHARE_MAX_DAYS = 365;

/**
 * What a link is now: `active` opens the quote; `superseded` when the quote changed after it was shared (a new
 * printed revision, or an edit by the sales side); `accepted` once the customer accepted it (the quote is an order).
 */
export const SHARE_STATUSES = ['active', 'expired', 'revoked', 'superseded', 'accepted'] as const;
export type TShareStatus = (typeof SHARE_STATUSES)[number];

/** quoteManagement/shareQuote: share the quote (at the version the rep sees) with one address. */
export const ZShareQuoteRequest = z.strictObject({
  id: ZId,
  version: ZVersion,
  email: ZEmail,
  /** The link's last moment (ISO 8601, in the future, at most SHARE_MAX_DAYS ahead); SHARE_DEFAULT_DAYS when left out. */
  expiresAt: z.iso.datetime({ offset: true, error: 'Enter the expiry as a date and time.' }).optional(),
});

export const ZQuoteShareOpening = z.object({
  at: ZIsoDate,
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});

/** One link of a quote as its sales side sees it: to whom, until when, what it is now and every opening. */
export const ZQuoteShare = z.object({
  id: ZId,
  quoteId: ZId,
  email: z.string(),
  sharedBy: z.string(),
  createdAt: ZIsoDate,
  expiresAt: ZIsoDate,
  revokedAt: ZIsoDate.nullable(),
  /** The printed quote's revision the link opens. */
  revision: z.number().int(),
  status: z.enum(SHARE_STATUSES),
  openCount: z.number().int(),
  lastOpenedAt: ZIsoDate.nullable(),
  /** The latest openings, newest first (at most 20). */
  openings: z.array(ZQuoteShareOpening),
});
export type TQuoteShare = z.infer<typeof ZQuoteShare>;

/** shareQuote's answer: the link itself is shown this once (only its hash is kept); it was also mailed. */
export const ZShareQuoteResult = z.object({ share: ZQuoteShare, url: z.string() });
export type TShareQuoteResult = z.infer<typeof ZShareQuoteResult>;

/** quoteManagement/revokeQuoteShare: the share's id. */
export const ZRevokeQuoteShareRequest = z.strictObject({ id: ZId });

/** quoteManagement/getQuoteShares: every link of a quote (by the quote's id), newest first. */
export const ZQuoteShares = z.object({ rows: z.array(ZQuoteShare) });

/** quoteManagement/setLineOptional: the rep marks a line optional (the customer may leave it out) or required. */
export const ZSetLineOptionalRequest = z.strictObject({
  id: ZId,
  lineId: ZId,
  version: ZVersion,
  optional: z.boolean(),
});

/** Every public call names the link it acts through. */
export const ZPortalRequest = z.strictObject({ token: ZShareToken });

export const ZPortalLine = z.object({
  id: ZId,
  /** The line's number on the quote (1-based), as the PDF prints it. */
  lineNumber: z.number().int(),
  partNumber: z.string().nullable(),
  productName: z.string().nullable(),
  description: z.string().nullable(),
  quantity: z.number().int(),
  unitPrice: ZMoney,
  /** unitPrice held to cents times quantity: the money module's line total. */
  extended: ZMoney,
  details: z.array(ZDetailItem),
  /** The rep marked it optional: the customer chooses whether it is in. */
  optional: z.boolean(),
  /** In the quote's total (always true for a line that is not optional). */
  selected: z.boolean(),
});
export type TPortalLine = z.infer<typeof ZPortalLine>;

export const ZPortalAddress = z.object({
  address: z.string().nullable(),
  address2: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
});

export const ZPortalComment = z.object({
  author: z.string(),
  comment: z.string(),
  date: ZIsoDate,
  /** Written through the link (the customer), not by the sales side. */
  fromCustomer: z.boolean(),
});
export type TPortalComment = z.infer<typeof ZPortalComment>;

export const ZPortalAcceptance = z.object({
  signerName: z.string(),
  signerTitle: z.string(),
  acceptedAt: ZIsoDate,
  /** The order the quote became. */
  orderId: ZId,
  /** SHA-256 (hex) of the quote as accepted: the view the customer signed. */
  documentHash: z.string(),
  paidBy: z.enum(['card', 'po']),
  poNumber: z.string().nullable(),
});
export type TPortalAcceptance = z.infer<typeof ZPortalAcceptance>;

/**
 * quotePortal/getQuote: the shared quote as the PDF shows it. A link that does not open a quote (unknown, tampered,
 * revoked, expired) answers 404 SHARE_UNAVAILABLE with one message for all, so a link never tells what it was; a
 * superseded link answers `status: 'superseded'` with no quote content.
 */
export const ZPortalQuote = z.object({
  status: z.enum(['open', 'superseded', 'accepted']),
  company: z.string(),
  quoteNumber: ZId,
  /** Present while open or accepted; null when superseded. */
  view: z
    .object({
      revision: z.number().int(),
      projectName: z.string().nullable(),
      printedAt: ZIsoDate,
      /** The last day the prices hold (null on an accepted quote, now an order). */
      validUntil: ZIsoDate.nullable(),
      preparedBy: z.string(),
      preparedByEmail: z.string(),
      customer: z.object({
        name: z.string().nullable(),
        companyName: z.string().nullable(),
        email: z.string().nullable(),
      }),
      billing: ZPortalAddress.nullable(),
      shipping: ZPortalAddress.nullable(),
      lines: z.array(ZPortalLine),
      /** The quote discount taken off the lines (each at its amount after its own discount); null when none. */
      quoteDiscount: z.object({ percent: z.string(), subtotal: ZMoney, amount: ZMoney }).nullable(),
      total: ZMoney,
      /** The review step's answers the PDF prints as Terms. */
      terms: z.array(ZDetailItem),
      comments: z.array(ZPortalComment),
      /** SHA-256 (hex) of this view's content: accept names it, so the customer signs exactly what they read. */
      viewHash: z.string(),
    })
    .nullable(),
  /** How the customer pays on accepting: by card when the platform takes cards, else with a PO number. */
  payment: z.object({ method: z.enum(['card', 'po']), card: ZPaymentConfig.nullable() }),
  acceptance: ZPortalAcceptance.nullable(),
});
export type TPortalQuote = z.infer<typeof ZPortalQuote>;

/** quotePortal/chooseLines: which optional lines are in; the total follows on the server. */
export const ZChooseLinesRequest = z.strictObject({
  token: ZShareToken,
  lines: z
    .array(z.strictObject({ id: ZId, selected: z.boolean() }))
    .min(1)
    .max(5000),
});

/** quotePortal/addComment: the customer's comment, shown to the sales side with the quote's communications. */
export const ZPortalCommentRequest = z.strictObject({
  token: ZShareToken,
  comment: z.string().trim().min(1, 'Write a comment first.').max(4000, 'A comment can be at most 4,000 characters.'),
});

/** quotePortal/requestCurrent: a superseded link asks for the current revision, mailed to the link's own address. */
export const ZRequestCurrentResult = z.object({ sentTo: z.string() });

const ZSignerText = (what: string) =>
  z
    .string({ error: `Enter your ${what}.` })
    .trim()
    .min(1, `Enter your ${what}.`)
    .max(100, `Your ${what} can be at most 100 characters.`);

/** A drawn signature (a PNG the page drew, re-encoded by the server) or the signer's name typed as a signature. */
export const ZSignature = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('typed'), text: ZSignerText('signature') }),
  z.strictObject({
    kind: z.literal('drawn'),
    png: z
      .string()
      .max(400_000, 'The drawn signature is too large. Clear it and sign again.')
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, 'Draw your signature again.'),
  }),
]);
export type TSignature = z.infer<typeof ZSignature>;

/**
 * What the customer agrees to by ticking the consent box: shown beside it on the page and printed on the signed
 * quote's acceptance page, so both say the same.
 */
export const PORTAL_CONSENT_TEXT =
  'I accept this quote and its terms, and agree that my electronic signature is as binding as my handwritten one.';

/** What quotePortal/accept answers when it cannot accept, each saying what to do. */
export const ACCEPT_MSG = {
  expired: (date: string, rep: string) => `This quote expired on ${date}. Ask ${rep} for a new one.`,
  viewChanged: 'The quote changed while you were reading it. Review it and accept again.',
  acceptedByOther: (signer: string, date: string) =>
    `This quote was already accepted by ${signer} on ${date} and is now an order. Ask your sales contact for a copy.`,
  payByCard: 'This quote is paid by card when you accept it: enter your card details and accept again.',
  payByPurchaseOrder: 'This quote is accepted with your purchase-order number: enter it and accept again.',
} as const;

/** quotePortal/accept: sign and pay. The card amount is the server's total x 100 and must match it. */
export const ZAcceptQuoteRequest = z.strictObject({
  token: ZShareToken,
  viewHash: z.string().regex(/^[0-9a-f]{64}$/, 'Reload the quote and accept it again.'),
  signerName: ZSignerText('name'),
  signerTitle: ZSignerText('title'),
  signature: ZSignature,
  consent: z.literal(true, { error: 'Tick the box to agree to the terms.' }),
  payment: z.discriminatedUnion('method', [
    z.strictObject({ method: z.literal('po'), poNumber: ZPoNumber }),
    z.strictObject({
      method: z.literal('card'),
      amount: z.number().int().positive().max(CARD_MAX_CENTS),
      paymentMethodId: z
        .string()
        .trim()
        .min(3)
        .max(255)
        .regex(/^[A-Za-z0-9_]+$/, 'A payment method id is letters, digits and underscores.'),
    }),
  ]),
});

export const ZAcceptQuoteResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('accepted'), acceptance: ZPortalAcceptance }),
  z.object({ status: z.literal('requires_action'), clientSecret: z.string() }),
]);
export type TAcceptQuoteResult = z.infer<typeof ZAcceptQuoteResult>;

/** What the link's page and the server say, in one place. */
export const PORTAL_MSG = {
  /** Unknown, tampered, revoked and expired links alike: a link never tells which it was. */
  linkUnavailable:
    'This quote link does not open a quote. It may have been revoked or have expired: ask the person who sent it for a new one.',
  superseded:
    'This quote changed after the link was sent. Ask for the current version from this page: it is mailed to the address the quote was shared with.',
  accepted: 'This quote is already accepted and is now an order: it can no longer change.',
  notSuperseded: 'This link still opens the current quote: reload the page to see it.',
  printFirst: 'Create the quote document first: the link shows the printed quote.',
  shareQuotesOnly: 'Only a quote can be shared: an order or a quote request has no link.',
  locked:
    'This quote is under review by its sales side and cannot change now: try again later, or ask the person who sent the link.',
  notPrinted:
    'The current version of this quote is not ready to share yet: ask the person who sent the link for a new one.',
  notOptional: 'Only optional lines can be chosen: reload the quote to see which lines are optional.',
  /** The customer pays by card on the link, and the card's receipt needs a named contact they cannot add there. */
  cardContactMissing: (fields: readonly string[]) =>
    `This customer pays by card on the link, which needs the contact's ${fields.join(', ')}: add ${fields.length === 1 ? 'it' : 'them'} on the Customer tab, then share.`,
} as const;
