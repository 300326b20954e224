import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TFailure } from '@cpq/contracts';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { TConfig } from './config';
import type { TAppDeps } from './deps';
import { registerCompression } from './http/compression';
import { handleError } from './http/error-handler';
import { registerLoadShedding } from './http/load-shedding';
import { mountRoutes } from './http/mount-routes';
import { httpsRequirement, registerSecurityHeaders } from './http/security-headers';
import { loggedUrl } from './lib/logger';
import { createHandlers } from './modules';
import { createCrmJobHandlers } from './modules/crm/crm-sync';
import { fileLinkRoutes } from './modules/documents/documents.routes';
import { createErpJobHandlers, startErpStatusPolling } from './modules/erp/erp-sync';
import { createDocumentJobHandlers } from './modules/orders/order-document';
import { paymentWebhookRoutes } from './modules/payments/payment-webhook.routes';
import { isHttpsRequiredByAnyPlatform } from './modules/platforms/platforms.repository';
import { DEMO_MODELS_DIR } from './modules/products/demo-models';
import { createSignedQuoteJobHandlers } from './modules/quote-portal/signed-quote';
import { uploadRoutes } from './modules/uploads/uploads.routes';
import { buildOpenApiDocument } from './openapi';

const webDist = join(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** A hop count becomes the equivalent predicate (Fastify's types take only flags, lists and functions). */
const toFastifyTrustProxy = (value: TConfig['trustProxy']) =>
  typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;

/**
 * Builds the whole HTTP application on the given dependencies, without listening: main.ts listens, tests call it
 * with `inject`.
 */
export async function buildApp(deps: TAppDeps, log: FastifyBaseLogger): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: log,
    bodyLimit: 1024 * 1024,
    trustProxy: toFastifyTrustProxy(deps.config.trustProxy),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // One line per request at debug instead of Fastify's two at info: the default level stays quiet (the log
    // controller is the supported form of the deprecated top-level disableRequestLogging, FSTDEP023).
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await registerCompression(app);
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      { method: request.method, url: loggedUrl(request.url), status: reply.statusCode, ms: reply.elapsedTime },
      'request completed',
    );
  });
  app.setErrorHandler(handleError);
  const indexFile = join(webDist, 'index.html');
  const hasWeb = existsSync(indexFile);
  await registerSecurityHeaders(app, {
    indexHtml: hasWeb ? readFileSync(indexFile, 'utf8') : null,
    requiresHttps: httpsRequirement(() => isHttpsRequiredByAnyPlatform(deps.db), deps.config.publicUrl, deps.clock),
    stripe: deps.config.stripe !== null,
  });
  // After the security headers (a shed answer carries them too), before every route.
  await registerLoadShedding(app, deps.config.loadShedding);

  await app.register(fastifySwagger, { mode: 'static', specification: { document: buildOpenApiDocument() as never } });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  mountRoutes(app, createHandlers(deps), deps);
  // Durable jobs: this instance's handlers; with JOBS_WORKER=1 it also runs them and schedules the ERP status polls.
  deps.jobs.register({
    ...createErpJobHandlers(deps, log),
    ...createCrmJobHandlers(deps),
    ...createDocumentJobHandlers(deps, log),
    ...createSignedQuoteJobHandlers(deps, log),
  });
  const stopErpPolling = deps.config.jobs.isWorker ? startErpStatusPolling(deps, log) : null;
  app.addHook('onClose', async () => {
    stopErpPolling?.();
    await deps.jobs.close();
    await deps.compiler.close();
    await deps.renderer.close();
  });
  await app.register(uploadRoutes(deps));
  await app.register(paymentWebhookRoutes(deps));
  await app.register(fileLinkRoutes(deps));
  // The demo models' images: that folder only, never rewritten in place, so they cache for a year.
  await app.register(fastifyStatic, {
    root: join(DEMO_MODELS_DIR, 'images'),
    prefix: '/models/images/',
    decorateReply: false,
    wildcard: true,
    index: false,
    dotfiles: 'deny',
    setHeaders: (res) => {
      res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });

  if (hasWeb) {
    // The build writes .br and .gz beside each asset; hashed asset names never change, so they cache for a year.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, path) => {
        const isHashedAsset = path.includes(`${sep}assets${sep}`);
        res.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    // A missing script or style is a 404 (a stale tab then shows the error page), never the app's HTML.
    const isFile = ['/assets/', '/uploads/', '/models/'].some((prefix) => request.url.startsWith(prefix));
    if (request.url.startsWith('/api/') || isFile || !hasWeb || request.method !== 'GET') {
      const body: TFailure = {
        success: false,
        error: `No such route: ${request.method} ${request.url.split('?')[0]}`,
        code: 'NOT_FOUND',
      };
      return reply.status(404).send(body);
    }
    return reply.type('text/html').sendFile('index.html');
  });
  app.get('/healthz', async () => ({ ok: true }));
  return app;
}
