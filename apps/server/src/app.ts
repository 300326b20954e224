import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TFailure } from '@cpq/contracts';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { TAppDeps } from './deps';
import { handleError } from './http/error-handler';
import { mountRoutes } from './http/mount-routes';
import { createHandlers } from './modules';
import { uploadRoutes } from './modules/uploads/uploads.routes';
import { buildOpenApiDocument } from './openapi';

const webDist = join(dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/**
 * Builds the whole HTTP application on the given dependencies, without listening: main.ts listens, tests call it
 * with `inject`.
 */
export async function buildApp(deps: TAppDeps, log: FastifyBaseLogger): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: log,
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    reply.header('x-content-type-options', 'nosniff');
  });
  app.setErrorHandler(handleError);

  await app.register(fastifySwagger, { mode: 'static', specification: { document: buildOpenApiDocument() as never } });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  mountRoutes(app, createHandlers(deps), { db: deps.db, tokenSecret: deps.config.tokenSecret, clock: deps.clock });
  await app.register(uploadRoutes(deps));

  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || !hasWeb || request.method !== 'GET') {
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
