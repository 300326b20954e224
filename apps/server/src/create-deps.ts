import type { FastifyBaseLogger } from 'fastify';
import { createMailer } from './adapters/mail/mailer';
import { createPaymentGateway } from './adapters/payments/gateways';
import { createDiagramStore } from './compiler/compiled-diagram-store';
import { createModelCompiler } from './compiler/model-compiler';
import type { TConfig } from './config';
import type { TDb } from './db/client';
import type { TAppDeps } from './deps';
import { createActors } from './http/actors';
import { createJobs } from './jobs/job-queue';
import { createMemoryRateLimiter, createRedisRateLimiter } from './lib/rate-limit';
import { createSecretBox } from './lib/secret-box';
import { createDocumentRenderer } from './pdf/document-renderer';
import { createRealtime } from './realtime/realtime';

/**
 * Wires the real dependencies from the configuration: Redis-backed limits when REDIS_URL is set, SMTP when set,
 * Stripe when STRIPE_SECRET_KEY is set.
 */
export async function createDeps(
  config: TConfig,
  db: TDb,
  log: FastifyBaseLogger,
  overrides: Partial<Pick<TAppDeps, 'clock' | 'mailer' | 'payments' | 'compiler'>> = {},
): Promise<TAppDeps> {
  const clock = overrides.clock ?? (() => new Date());
  const actors = await createActors(db, config.tokenSecret);
  const limiter = config.redisUrl ? await createRedisRateLimiter(config.redisUrl) : createMemoryRateLimiter(clock);
  const jobs = createJobs({ db, log, config: config.jobs, clock });
  const mailer = overrides.mailer ?? createMailer({ config, db, log, jobs });
  const realtime = createRealtime({ config, db, log });
  const payments = overrides.payments ?? createPaymentGateway(config);
  const secretBox = createSecretBox(config.tokenSecret);
  const compiler = overrides.compiler ?? createModelCompiler(config.modelCompile);
  const dir = config.compiledModelsDir;
  const diagrams = dir
    ? createDiagramStore(dir, (error) => log.warn({ err: error }, 'could not store a compiled diagram'))
    : null;
  const renderer = createDocumentRenderer();
  return {
    config,
    db,
    log,
    clock,
    actors,
    limiter,
    mailer,
    realtime,
    payments,
    jobs,
    secretBox,
    compiler,
    diagrams,
    renderer,
  };
}
