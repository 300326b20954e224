import { getHeapStatistics } from 'node:v8';
import { msgServerBusy, type TFailure } from '@cpq/contracts';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TLoadSheddingConfig } from '../config';

/** The calls that may be shed: the API's. The health check, the web app's files and the socket are always served. */
const isSheddable = (request: FastifyRequest): boolean => request.url.startsWith('/api/');

/**
 * Sheds API calls while the process is overloaded: when the mean event-loop delay, the event loop's busy share or
 * the heap passes its threshold (sampled every `sampleMs`), a call is answered 503 with Retry-After in the API's
 * failure envelope before any of its work starts, so a client may send it again, and the calls admitted meanwhile
 * keep their latency instead of queueing behind everyone's. The socket never reaches Fastify's hooks (socket.io
 * takes its upgrade and polling requests off the HTTP server first), so live updates keep working.
 */
export async function registerLoadShedding(app: FastifyInstance, config: TLoadSheddingConfig | null): Promise<void> {
  if (!config) return;
  const retryAfter = config.retryAfterSeconds;
  const body: TFailure = { success: false, error: msgServerBusy(retryAfter), code: 'SERVER_BUSY' };
  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    maxEventLoopUtilization: config.maxEventLoopUtilization,
    maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * config.maxHeapFraction),
    sampleInterval: config.sampleMs,
    // The busy share of the last sample, not since start: a long-idle process would otherwise never cross it.
    eventLoopUtilizationMode: 'interval',
    // Answered here (Fastify skips the rest of a request whose reply is sent); other requests go on as usual.
    pressureHandler: async (request, reply) => {
      if (!isSheddable(request)) return;
      reply.status(503).header('retry-after', String(retryAfter)).send(body);
    },
  });
}
