import { getHeapStatistics } from 'node:v8';
import { msgServerBusy, type TFailure } from '@cpq/contracts';
import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TLoadSheddingConfig } from '../config';

/** At most one warning about shedding per this many ms. */
const SHED_WARNING_INTERVAL_MS = 10_000;

/** The calls that may be shed: the API's. The health check, the web app's files and the socket are always served. */
const isSheddable = (request: FastifyRequest): boolean => request.url.startsWith('/api/');

/**
 * Sheds API calls while the process is overloaded, answering 503 with Retry-After in the API's failure envelope
 * before any of the call's work starts (so a client may send it again), so that the calls admitted meanwhile keep
 * their latency instead of queueing behind everyone's. Overloaded means: `maxInFlight` API calls already in
 * progress, or (sampled every `sampleMs` by @fastify/under-pressure) the mean event-loop delay, the event loop's
 * busy share or the heap past its threshold. The socket never reaches Fastify's hooks (socket.io takes its upgrade
 * and polling requests off the HTTP server first), so live updates keep working.
 */
export async function registerLoadShedding(app: FastifyInstance, config: TLoadSheddingConfig | null): Promise<void> {
  if (!config) return;
  const retryAfter = String(config.retryAfterSeconds);
  const body: TFailure = { success: false, error: msgServerBusy(config.retryAfterSeconds), code: 'SERVER_BUSY' };
  // Operators learn why calls are refused, once per window rather than once per call.
  let lastWarned = Number.NEGATIVE_INFINITY;
  const shed = (reply: FastifyReply, signal: string, value: number | undefined) => {
    const now = performance.now();
    if (now - lastWarned >= SHED_WARNING_INTERVAL_MS) {
      lastWarned = now;
      reply.log.warn({ signal, value }, 'shedding API calls: the server is overloaded');
    }
    return reply.status(503).header('retry-after', retryAfter).send(body);
  };

  await app.register(underPressure, {
    maxEventLoopDelay: config.maxEventLoopDelayMs,
    maxEventLoopUtilization: config.maxEventLoopUtilization,
    maxHeapUsedBytes: Math.floor(getHeapStatistics().heap_size_limit * config.maxHeapFraction),
    sampleInterval: config.sampleMs,
    // The busy share of the last sample, not since start: a long-idle process would otherwise never cross it.
    eventLoopUtilizationMode: 'interval',
    // Answered here (Fastify skips the rest of a request whose reply is sent); other requests go on as usual.
    pressureHandler: async (request, reply, type, value) => {
      if (isSheddable(request)) shed(reply, type, value);
    },
  });

  if (config.maxInFlight === 0) return;
  // Calls in progress, counted until their connection's response closes (sent or abandoned, so none leak).
  let inFlight = 0;
  app.addHook('onRequest', (request, reply, done) => {
    if (reply.sent || !isSheddable(request)) return done();
    if (inFlight >= config.maxInFlight) {
      shed(reply, 'inFlight', inFlight);
      return;
    }
    inFlight += 1;
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
    done();
  });
}
