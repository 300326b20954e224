import { FILES_PATH, MSG } from '@cpq/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { TAppDeps } from '../../deps';
import { signedIn, type THandlers, type TRequestContext } from '../../http/handlers';
import { AppError } from '../../lib/app-error';
import { canSeeOwnedRecord } from '../../lib/owned-records';
import { findQuoteRow } from '../quotes/quotes.repository';
import { findDocumentById, findLinkHolder } from './documents.repository';
import {
  downloadFile,
  getCurrentPrintedDocument,
  getPricingDoc,
  getQuoteDocuments,
  getSOWriteUpDocument,
  type TDocumentsContext,
} from './documents.service';
import { openDocument } from './documents.storage';
import { attachmentDisposition, verifyFileLink } from './file-links';

type TDocumentPaths =
  | 'quoteManagement/getCurrentPrintedDocument'
  | 'quoteManagement/getPricingDoc'
  | 'quoteManagement/getSOWriteUpDocumentLink'
  | 'quoteManagement/getQuoteDocuments'
  | 'quoteManagement/downloadFile';

/** The documents of a quote: current revisions, every revision, and signed download links. */
export function createDocumentHandlers(deps: TAppDeps): THandlers<TDocumentPaths> {
  const context = (ctx: TRequestContext): TDocumentsContext => ({
    db: deps.db,
    actor: signedIn(ctx),
    dataDir: deps.config.dataDir,
    secret: deps.config.tokenSecret,
    now: deps.clock,
  });
  return {
    'quoteManagement/getCurrentPrintedDocument': (body, ctx) => getCurrentPrintedDocument(context(ctx), body),
    'quoteManagement/getPricingDoc': (body, ctx) => getPricingDoc(context(ctx), body.lineId),
    'quoteManagement/getSOWriteUpDocumentLink': (body, ctx) => getSOWriteUpDocument(context(ctx), body.quoteId),
    'quoteManagement/getQuoteDocuments': (body, ctx) => getQuoteDocuments(context(ctx), body.quoteId),
    'quoteManagement/downloadFile': (body, ctx) => downloadFile(context(ctx), body.path),
  };
}

/**
 * `GET /api/files/<token>`: serves the document a download link names, after checking its signature and expiry and
 * that the user it was issued to still may see the quote. Every refusal is the same 404, so nothing leaks.
 */
export function fileLinkRoutes(deps: TAppDeps): FastifyPluginAsync {
  return async (app) => {
    // A wildcard, not a parameter: a signed token is longer than the router's parameter limit (100 characters).
    app.get<{ Params: { '*': string } }>(`${FILES_PATH}/*`, async (request, reply) => {
      const refused = () => new AppError('NOT_FOUND', MSG.downloadLinkInvalid);
      const claims = await verifyFileLink(deps.config.tokenSecret, request.params['*'], deps.clock());
      if (!claims) throw refused();
      const [holder, document] = await Promise.all([
        findLinkHolder(deps.db, claims.userId),
        findDocumentById(deps.db, claims.documentId),
      ]);
      if (!holder || !document) throw refused();
      const quote = await findQuoteRow(deps.db, document.quoteId);
      if (!quote || !canSeeOwnedRecord(holder, { pid: quote.pid, ownerId: quote.createdByUserId })) throw refused();
      const file = await openDocument(deps.config.dataDir, document.path);
      if (!file) throw refused();
      return reply
        .type(document.mimetype)
        .header('content-length', file.size)
        .header('content-disposition', attachmentDisposition(document.originalName))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', 'no-store')
        .send(file.stream);
    });
  };
}
