import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** A PostgreSQL server; absent means the embedded database (PGlite) under DATA_DIR. */
  DATABASE_URL: z.string().url().optional(),
  /** Where the embedded database, the generated token secret and uploads live. */
  DATA_DIR: z.string().default('./data'),
  /** Redis for cross-instance live events and shared rate limits. */
  REDIS_URL: z.string().url().optional(),
  /** Signs session tokens; generated once and kept under DATA_DIR when not given. At least 32 characters. */
  TOKEN_SECRET: z.string().min(32).optional(),
  /** The address users reach the app at, used in e-mailed links. */
  PUBLIC_URL: z.string().url().optional(),
  /** An SMTP server (smtp://user:pass@host:port); absent means mail is kept in the outbox table and logged. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Open CPQ <no-reply@open-cpq.local>'),
  /** Stripe's secret key (sk_...); absent means the built-in test gateway takes card payments. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  /** Stripe's publishable key (pk_...) for the browser's card form; required with STRIPE_SECRET_KEY. */
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  /** The signing secret of the webhook endpoint (whsec_...); absent means POST /api/webhooks/stripe is off. */
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another address for Stripe's API (a local stand-in): protocol, host and port only. */
  STRIPE_API_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which proxies may set X-Forwarded-For (the client address that per-IP sign-in limits count): 'false' (none,
   * the default: the app faces clients directly), 'true' (any: only behind a proxy that overwrites the header), a
   * number of hops, or a comma-separated list of proxy addresses.
   */
  TRUST_PROXY: z.string().default('false'),
  /** Run the durable-job worker in this process (set 0 for a web-only instance; another instance then runs jobs). */
  JOBS_WORKER: z.enum(['0', '1']).default('1'),
  /** How often the worker looks for due jobs without being told (jobs of other instances, retries), in ms. */
  JOBS_POLL_MS: z.coerce.number().int().min(10).default(5_000),
  /** The first retry of a failed remote call waits this long, each next one twice as long (capped at an hour). */
  JOBS_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  /** A running job's lease: a worker that dies mid-job leaves it to be claimed again after this long. */
  JOBS_LEASE_MS: z.coerce.number().int().min(100).default(120_000),
  /** Attempts before a job is given up as failed (dead) for an administrator to retry. */
  JOBS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  /** How often order statuses are read from each platform's ERP (CSI, VISUAL), in ms. */
  ERP_POLL_MS: z.coerce.number().int().min(100).default(60_000),
  /** Seed demo data on first start (on by default; set 0 for an empty production database). */
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  /** How long a configuration model's diagram may take to compile, in ms; a model that needs longer is refused. */
  MODEL_COMPILE_BUDGET_MS: z.coerce.number().int().min(1).max(600_000).default(10_000),
  /** Most diagram nodes a model's compile may create; a model that needs more is refused. */
  MODEL_COMPILE_MAX_NODES: z.coerce.number().int().min(1).default(4_000_000),
  /**
   * The JavaScript heap of a compile worker thread, in MB: a compile that needs more is stopped and its model
   * refused. The diagram's own typed arrays live outside it, bounded by MODEL_COMPILE_MAX_NODES.
   */
  MODEL_COMPILE_MEMORY_MB: z.coerce.number().int().min(16).default(512),
  /**
   * Keep each model version's compiled diagram in DATA_DIR/compiled-models, so that a restart loads it instead of
   * compiling again (on by default).
   */
  MODEL_COMPILE_STORE: z.enum(['0', '1']).default('1'),
  /** Worker threads that compile models (default: every core but one, at least one). */
  MODEL_COMPILE_THREADS: z.coerce
    .number()
    .int()
    .min(1)
    .default(Math.max(1, availableParallelism() - 1)),
  /**
   * Mail to addresses users type (an order's contact, a composed mail's recipients): at most this many recipients
   * per user, and per platform, in each MAIL_LIMIT_WINDOW_MS; past it an order's confirmation goes to its buyer
   * only, and a composed mail is refused.
   */
  MAIL_LIMIT_PER_USER: z.coerce.number().int().min(1).default(20),
  MAIL_LIMIT_PER_PLATFORM: z.coerce.number().int().min(1).default(200),
  MAIL_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(60 * 60 * 1000),
  /** Answer API calls 503 with Retry-After while the process is overloaded, so admitted calls stay fast (0: off). */
  LOAD_SHEDDING: z.enum(['0', '1']).default('1'),
  /**
   * Overloaded when this many API calls are already in progress (0: not checked). Sign-in hashing and the database
   * saturate before the event loop does, so this is the signal that catches most overload.
   */
  SHED_MAX_IN_FLIGHT: z.coerce.number().int().min(0).default(32),
  /**
   * Overloaded when the mean event-loop delay over one sample exceeds this many ms (0: not checked). High, because
   * embedded PGlite runs its queries on the event loop and a starved CPU delays timers: one slow query or a busy
   * neighbour is not overload, a loop a second behind is.
   */
  SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().min(0).default(1000),
  /** Overloaded when the event loop was busy more than this share of one sample (0: not checked). */
  SHED_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
  /** Overloaded when the JavaScript heap holds more than this share of its limit (0: not checked). */
  SHED_HEAP_FRACTION: z.coerce.number().min(0).max(1).default(0.9),
  /** How often the signals above are sampled, in ms: the reaction time to overload and back. */
  SHED_SAMPLE_MS: z.coerce.number().int().min(10).default(250),
  /** The Retry-After of a shed call, in seconds. */
  SHED_RETRY_AFTER_S: z.coerce.number().int().min(1).max(300).default(2),
});

export type TConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  tokenSecret: Uint8Array;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Card payments through Stripe; null means the built-in test gateway. */
  stripe: TStripeConfig | null;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  seedDemo: boolean;
  trustProxy: boolean | number | string[];
  jobs: TJobsConfig;
  modelCompile: TModelCompileConfig;
  /** Where compiled diagrams are kept between processes; null when MODEL_COMPILE_STORE=0. */
  compiledModelsDir: string | null;
  mailLimits: TMailLimits;
  /** Load shedding of API calls; null when LOAD_SHEDDING=0. */
  loadShedding: TLoadSheddingConfig | null;
};

/** Compiling configuration models, in worker threads: the limits a model must compile within, and the threads. */
export type TModelCompileConfig = {
  budgetMs: number;
  maxNodes: number;
  memoryMb: number;
  threads: number;
};

/** Recipients of user-typed addresses allowed per user and per platform in each window. */
export type TMailLimits = { perUser: number; perPlatform: number; windowMs: number };

export type TLoadSheddingConfig = {
  maxInFlight: number;
  maxEventLoopDelayMs: number;
  maxEventLoopUtilization: number;
  maxHeapFraction: number;
  sampleMs: number;
  retryAfterSeconds: number;
};

export type TJobsConfig = {
  isWorker: boolean;
  pollMs: number;
  retryBaseMs: number;
  leaseMs: number;
  maxAttempts: number;
  erpPollMs: number;
};

export type TStripeConfig = {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | null;
  apiUrl: URL | null;
};

/** The Stripe settings, when STRIPE_SECRET_KEY is set; the publishable key must come with it. */
function stripeConfigOf(e: z.infer<typeof ZEnv>): TStripeConfig | null {
  if (!e.STRIPE_SECRET_KEY) return null;
  if (!e.STRIPE_PUBLISHABLE_KEY) {
    throw new Error('Invalid configuration: STRIPE_PUBLISHABLE_KEY: required when STRIPE_SECRET_KEY is set');
  }
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    publishableKey: e.STRIPE_PUBLISHABLE_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? null,
    apiUrl: e.STRIPE_API_URL ? new URL(e.STRIPE_API_URL) : null,
  };
}

/** Reads the token secret from DATA_DIR, creating it on first start so restarts keep sessions valid. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'token-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** TRUST_PROXY: 'true'/'false', a hop count, or a list of proxy addresses. */
function parseTrustProxy(value: string): boolean | number | string[] {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * Validates the environment once at start-up. A bad value stops the process with a message naming the variable,
 * rather than failing later in a request.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = resolve(e.DATA_DIR);
  const secret = e.TOKEN_SECRET ?? loadOrCreateSecret(dataDir);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    redisUrl: e.REDIS_URL,
    tokenSecret: new TextEncoder().encode(secret),
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    stripe: stripeConfigOf(e),
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO === '1',
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    jobs: {
      isWorker: e.JOBS_WORKER === '1',
      pollMs: e.JOBS_POLL_MS,
      retryBaseMs: e.JOBS_RETRY_BASE_MS,
      leaseMs: e.JOBS_LEASE_MS,
      maxAttempts: e.JOBS_MAX_ATTEMPTS,
      erpPollMs: e.ERP_POLL_MS,
    },
    modelCompile: {
      budgetMs: e.MODEL_COMPILE_BUDGET_MS,
      maxNodes: e.MODEL_COMPILE_MAX_NODES,
      memoryMb: e.MODEL_COMPILE_MEMORY_MB,
      threads: e.MODEL_COMPILE_THREADS,
    },
    compiledModelsDir: e.MODEL_COMPILE_STORE === '1' ? join(dataDir, 'compiled-models') : null,
    mailLimits: {
      perUser: e.MAIL_LIMIT_PER_USER,
      perPlatform: e.MAIL_LIMIT_PER_PLATFORM,
      windowMs: e.MAIL_LIMIT_WINDOW_MS,
    },
    loadShedding:
      e.LOAD_SHEDDING === '1'
        ? {
            maxInFlight: e.SHED_MAX_IN_FLIGHT,
            maxEventLoopDelayMs: e.SHED_EVENT_LOOP_DELAY_MS,
            maxEventLoopUtilization: e.SHED_EVENT_LOOP_UTILIZATION,
            maxHeapFraction: e.SHED_HEAP_FRACTION,
            sampleMs: e.SHED_SAMPLE_MS,
            retryAfterSeconds: e.SHED_RETRY_AFTER_S,
          }
        : null,
  };
}
