import { z } from 'zod';
import { ZId, ZIsoDate } from '../common';
import { ZDocumentReference } from '../entities/quotes';

/**
 * Documents of a quote (spec section 7): the printed quote (Review finish), a configured line's pricing document
 * (its configuration's finish) and the sales-order write-up (SO write-up finish). Every print is kept as a
 * revision; downloads go through a short-lived signed link (`downloadFile`), never a public path.
 */

/**
 * The kinds of document a quote has; 'signed-quote' is the printed quote with the acceptance page of a customer who
 * accepted it through its link.
 */
export const DOCUMENT_KINDS = ['quote', 'pricing', 'so-writeup', 'signed-quote'] as const;
export const ZDocumentKind = z.enum(DOCUMENT_KINDS);
export type TDocumentKind = z.infer<typeof ZDocumentKind>;

/** One stored revision; `path`, `originalName` and `mimetype` are what `downloadFile` takes. */
export const ZQuoteDocument = ZDocumentReference.extend({
  id: ZId,
  quoteId: ZId,
  lineId: ZId.nullable(),
  kind: ZDocumentKind,
  revision: z.number().int().min(1),
  createdByUserId: ZId,
  createdAt: ZIsoDate,
});
export type TQuoteDocument = z.infer<typeof ZQuoteDocument>;

/** The current document of a kind (null when none was printed yet) and all its revisions, newest first. */
export const ZDocumentRevisions = z.object({
  current: ZDocumentReference.nullable(),
  revisions: z.array(ZQuoteDocument),
});
export type TDocumentRevisions = z.infer<typeof ZDocumentRevisions>;

const ZConfigRef = z.string().trim().max(100).nullable().optional();
const ZAttributeName = z.string().trim().max(200).nullable().optional();

/**
 * getCurrentPrintedDocument: `{ productId, configId, componentAttributeName, quoteId }` as the spec sends them;
 * the quote decides, the others are accepted for the remote configurator's sake and not needed here.
 */
export const ZGetCurrentPrintedDocumentRequest = z.strictObject({
  quoteId: ZId,
  productId: ZId.nullable().optional(),
  configId: ZConfigRef,
  componentAttributeName: ZAttributeName,
});

/** getPricingDoc: `{ quoteGenConfigId, configId, componentAttributeName, lineId }`; the line decides. */
export const ZGetPricingDocRequest = z.strictObject({
  lineId: ZId,
  quoteGenConfigId: ZConfigRef,
  configId: ZConfigRef,
  componentAttributeName: ZAttributeName,
});

/** getSOWriteUpDocumentLink: free-form in the spec; here exactly `{ quoteId }`. */
export const ZGetSOWriteUpDocumentLinkRequest = z.strictObject({ quoteId: ZId });

/** getQuoteDocuments: every revision of every kind of a quote, newest first. */
export const ZGetQuoteDocumentsRequest = z.strictObject({ quoteId: ZId });
export const ZQuoteDocuments = z.array(ZQuoteDocument);

/** downloadFile: `{ path, originalName, mimetype }` of a stored revision. */
export const ZDownloadFileRequest = z.strictObject({
  path: z.string().trim().min(1).max(200),
  originalName: z.string().trim().max(200).optional(),
  mimetype: z.string().trim().max(100).optional(),
});

/** A link (`/api/files/<token>`) that downloads the file once fetched, valid for `DOWNLOAD_LINK_TTL_SECONDS`. */
export const ZDownloadLink = z.object({ link: z.string(), expiresAt: ZIsoDate });
export type TDownloadLink = z.infer<typeof ZDownloadLink>;

/** How long a download link stays valid. */
export const DOWNLOAD_LINK_TTL_SECONDS = 60;

/** Where download links are served (GET, outside the JSON route table). */
export const FILES_PATH = '/api/files';
